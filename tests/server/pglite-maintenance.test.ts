import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, type Db, openDatabase, rowsOf } from '../../server/db/client';
import { maintenanceOf } from '../../server/db/maintenance';
import { createPglite, pgliteFolderOf } from '../../server/db/pglite';
import { categories, products } from '../../server/db/schema';
import { seedBenchData } from '../../server/dev/bench-data';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { startPosSimulator } from '../../server/dev/pos/server';
import { freshDatabase } from '../support/database';
import { createRestaurant, createUser } from '../support/fixtures';

/**
 * The embedded database gets the upkeep PostgreSQL's autovacuum and checkpointer would do. These tests are about PGlite
 * itself, so each opens its own (also in CI's PostgreSQL pass, where PostgreSQL does it).
 */

const MENU_TABLES = ['restaurants', 'categories', 'products', 'product_options', 'option_rows'];

/** The planner's row count per table: -1 means never analyzed. */
async function reltuples(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ name: string; n: number }>(
    await db.execute(sql`select c.relname as name, c.reltuples::float8 as n from pg_class c
      join pg_namespace ns on ns.oid = c.relnamespace where ns.nspname = 'public' and c.relkind = 'r'`),
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

async function productCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row!.n;
}

/** A migrated embedded database with its maintenance (the suite's template, emptied: migrating anew costs seconds). */
const freshPglite = (): Promise<Database> => freshDatabase();

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('embedded database statistics', () => {
  it('after the migrations and a seed, the menu tables have statistics that count their rows', async () => {
    const database = await freshPglite();
    try {
      expect(Object.keys(await reltuples(database.db))).toEqual(expect.arrayContaining(MENU_TABLES));
      await seedBenchData(database.db, { restaurants: 3, productsPerRestaurant: 40 });
      const seeded = await reltuples(database.db);
      expect(seeded.restaurants).toBe(3);
      expect(seeded.categories).toBe(6);
      expect(seeded.products).toBe(120);
      // Every fourth product has 2 options of 3 rows.
      expect(seeded.product_options).toBe(60);
      expect(seeded.option_rows).toBe(180);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('a database whose tables hold rows but were never analyzed (older data) is analyzed when it is opened', async () => {
    const pglite = await createPglite();
    const older = await openDatabase({ pglite, migrate: true });
    await seedBenchData(older.db, { restaurants: 2, productsPerRestaurant: 20 });
    // As before this change: rows, and no statistics at all.
    for (const table of MENU_TABLES)
      await pglite.query(`delete from pg_statistic where starelid = '${table}'::regclass`);
    await pglite.query(`update pg_class set reltuples = -1 where relname = any($1)`, [MENU_TABLES]);
    expect((await reltuples(older.db)).products).toBe(-1);

    const reopened = await openDatabase({ pglite, migrate: true });
    try {
      const stats = await reltuples(reopened.db);
      expect(stats.restaurants).toBe(2);
      expect(stats.products).toBe(40);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('writes past autovacuum’s threshold (50 + 10 % of the rows) are analyzed in the background, unasked', async () => {
    const database = await freshPglite();
    try {
      const restaurant = await createRestaurant(database.db);
      const [category] = await database.db
        .insert(categories)
        .values({ title: 'Issiq taomlar', restaurant_id: restaurant._id })
        .returning();
      const rows = (n: number, from: number) =>
        Array.from({ length: n }, (_, i) => ({ name: `Taom ${from + i}`, price: 1000, category_id: category!._id }));

      await database.db.insert(products).values(rows(80, 0));
      await vi.waitFor(async () => expect((await reltuples(database.db)).products).toBe(80), {
        timeout: 15_000,
        interval: 200,
      });
      // 5 more rows are under the threshold (50 + 8): the statistics stay as they were.
      await database.db.insert(products).values(rows(5, 80));
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect((await reltuples(database.db)).products).toBe(80);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('a POS import and a POS sync analyze what they wrote, without a request waiting for it', async () => {
    const sim = await startPosSimulator();
    const dataDir = mkdtempSync(join(tmpdir(), 'menyu-maintenance-'));
    folders.push(dataDir);
    const database = await freshPglite();
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      IIKO_API_URL: sim.url,
      IIKO_API_LOGIN: sim.apiLogin,
    });
    const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-dist') });
    try {
      const admin = await createUser(app, database.db, 'admin');
      const manager = await createUser(app, database.db, 'manager');
      const orgId = sim.control.organizations().find((org) => org.name === SAMPLE_ORGANIZATIONS[0]!.name)!.id;
      const created = await app.inject({
        method: 'POST',
        url: '/admin/integration/restaurants/create',
        headers: admin.headers,
        payload: { id: orgId, manager_id: manager._id },
      });
      expect(created.statusCode).toBe(201);
      const imported = await productCount(database.db);
      expect(imported).toBeGreaterThan(0);
      await vi.waitFor(async () => expect((await reltuples(database.db)).products).toBe(imported), {
        timeout: 5000,
        interval: 100,
      });

      // The POS adds products (a handful: under the threshold, yet a sync is one of the moments to analyze).
      const [group] = rowsOf<{ external_id: string }>(
        await database.db.execute(sql`select external_id from categories where external_id is not null limit 1`),
      );
      sim.control.addProduct(orgId, { groupId: group!.external_id, name: 'Yangi somsa', price: 12_000 });
      const synced = await app.inject({
        method: 'PUT',
        url: `/admin/integration/restaurants/${created.json().data._id}/sync`,
        headers: admin.headers,
      });
      expect(synced.statusCode).toBe(200);
      await vi.waitFor(async () => expect((await reltuples(database.db)).products).toBe(imported + 1), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      await app.close();
      await database.close();
      await sim.close();
    }
  }, 60_000);
});

describe('embedded database WAL', () => {
  it('after a large write the data folder keeps at most max_wal_size (64 MB) of WAL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'menyu-wal-'));
    folders.push(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const sample = await seedBenchData(database.db, { restaurants: 1, productsPerRestaurant: 20 });
      // ~150 MB of WAL in one statement (an import of a very large menu does the same in many).
      await database.db.execute(sql`insert into products (name, description, price, category_id)
        select 'Taom ' || g, repeat('mazali ', 40), g, ${sample.categoryId} from generate_series(1, 300000) g`);
      await maintenanceOf(database.db)!.settle();
      const walMb = () =>
        Number(
          execFileSync('du', ['-sm', join(pgliteFolderOf(dataDir), 'pg_wal')])
            .toString()
            .split('\t')[0],
        );
      expect(walMb()).toBeLessThanOrEqual(80);

      // 25,000 rows changed all over the table: under its ANALYZE rule (50 + 30,000), yet ~100 MB of WAL (every page's
      // first change after a checkpoint is logged whole). Nobody asks: the writes alone bring the checkpoint.
      await database.db.execute(sql`update products set price = price + 1 where price::int % 12 = 0`);
      await vi.waitFor(() => expect(walMb()).toBeLessThanOrEqual(80), { timeout: 20_000, interval: 500 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
