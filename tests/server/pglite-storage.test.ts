import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, rowsOf } from '../../server/db/client';
import { restaurants, users } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';

// These tests use a real data folder (not the template) to prove migrations, restarts and demo seeding.
const dataDir = mkdtempSync(join(tmpdir(), 'menyu-db-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database (PGlite)', () => {
  it('migrates a fresh data folder and creates every table', async () => {
    const database = await openDatabase({ dataDir });
    const tables = rowsOf<{ table_name: string }>(
      await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    );
    expect(tables.map((r) => r.table_name)).toEqual([
      'calls',
      'categories',
      'insight_days',
      'insight_hours',
      'insight_months',
      'insight_rollups',
      'insight_summaries',
      'job_leases',
      'kitchen_devices',
      'kitchen_stations',
      'option_rows',
      'order_counters',
      'orders',
      'payment_calls',
      'payment_settings',
      'payment_transactions',
      'payments',
      'pos_outbox',
      'print_outbox',
      'product_options',
      'products',
      'rate_limit_windows',
      'restaurant_tables',
      'restaurants',
      'staff_events',
      'storage_deletions',
      'sync_runs',
      'telegram_chats',
      'telegram_outbox',
      'telegram_pollers',
      'telegram_updates',
      'used_event_tickets',
      'users',
    ]);
    await seedDemo(database.db, { dataDir });
    await database.close();
  }, 60_000);

  it('keeps data across a restart and does not seed the demo twice', async () => {
    const database = await openDatabase({ dataDir });
    const before = await database.db.select().from(restaurants);
    expect(before.length).toBe(3);
    await seedDemo(database.db, { dataDir });
    const after = await database.db.select().from(restaurants);
    expect(after.length).toBe(3);
    const admins = await database.db.select().from(users).where(sql`${users.role} = 'admin'`);
    expect(admins.map((a) => a.login)).toEqual(['admin']);
    await database.close();
  }, 60_000);

  it('keeps the generated JWT secret, so a token survives a restart', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'silent' });
    const first = await buildApp(config, { logger: false });
    const login = await first.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'admin', password: 'admin12345' },
    });
    const token = login.json().data.accessToken as string;
    await first.close();
    const second = await buildApp(config, { logger: false });
    const profile = await second.inject({ url: '/auth/profile', headers: { authorization: `Bearer ${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.login).toBe('admin');
    await second.close();
  }, 60_000);
});
