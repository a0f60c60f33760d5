import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { freshDatabase } from '../support/database';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set; CI's PostgreSQL run sets it):
// PGlite has no connections to lose.
const url = process.env.DATABASE_URL ?? '';
let database: Database;
let admin: pg.Client;

async function backendsOf(name: string): Promise<number[]> {
  const result = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return result.rows.map((row) => row.pid);
}

async function currentDatabase(db: Database['db']): Promise<string> {
  return rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`))[0]?.name ?? '';
}

beforeAll(async () => {
  database = await freshDatabase();
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.close();
});

describe('PostgreSQL connection pool', () => {
  it('survives the server ending an idle connection, and the next query works', async () => {
    const name = await currentDatabase(database.db);
    const pids = await backendsOf(name);
    expect(pids.length).toBeGreaterThan(0);
    // What a PostgreSQL restart or an administrator does: without a listener, pg's 'error' event would end the process.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      await vi.waitFor(() => expect(reported).toHaveBeenCalledWith(expect.stringContaining('idle connection failed')));
      expect(await currentDatabase(database.db)).toBe(name);
    } finally {
      reported.mockRestore();
    }
  });

  it('has closed every connection when close() resolves', async () => {
    const name = `menyu_pool_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const poolUrl = new URL(url);
    poolUrl.pathname = `/${name}`;
    const other = await openDatabase({ databaseUrl: poolUrl.toString(), migrate: false });
    // Several queries at once, so the pool holds several connections.
    await Promise.all([1, 2, 3, 4].map(() => other.db.execute(sql`select pg_sleep(0.05)`)));
    expect((await backendsOf(name)).length).toBeGreaterThan(1);
    await other.close();
    // Without FORCE, DROP DATABASE refuses while any connection is still open.
    await expect(admin.query(`drop database ${name}`)).resolves.toBeDefined();
  });
});
