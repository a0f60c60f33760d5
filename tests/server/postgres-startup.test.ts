import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../server/db/client';
import { ensureAdmin } from '../../server/seed/admin';

// PostgreSQL only (see vitest.config.ts): several server processes started at once on one empty database, as a
// deployment with two or three instances does. Each opens its own pool, as separate processes would.
const name = `menyu_startup_${Date.now()}`;
let admin: pg.Client;
let url: string;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(process.env.DATABASE_URL ?? '');
  target.pathname = `/${name}`;
  url = target.toString();
});
afterAll(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('several processes starting together on one PostgreSQL', () => {
  it('migrate the empty database once between them, and create the ADMIN_LOGIN admin once', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    try {
      const migrations = rowsOf<{ count: number }>(
        await databases[0]!.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
      )[0]!.count;
      expect(migrations).toBeGreaterThan(0);
      const created = await Promise.all(databases.map((d) => ensureAdmin(d.db, 'boss', 'a-long-password')));
      expect(created.filter(Boolean)).toHaveLength(1);
      const admins = rowsOf<{ count: number }>(
        await databases[1]!.db.execute(sql`select count(*)::int as count from users where login = 'boss'`),
      )[0]!.count;
      expect(admins).toBe(1);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
