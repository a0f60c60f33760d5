import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/client';
import { createPglite } from '../../server/db/pglite';
import { PG_TEMPLATE_DB, TEMPLATE_DUMP } from './template';

/**
 * A fresh, migrated, empty database for one test file: a PGlite loaded from the template dump, or, when
 * DATABASE_URL is set (CI's PostgreSQL run), a new PostgreSQL database copied from the template and dropped on close.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ pglite: await takePglite(), migrate: false });
  const name = `menyu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Every table emptied and every sequence back at 1, the schema kept. TRUNCATE gives each table new, empty files, so
 * rows come back in the order they are inserted, as in a new database (deleted rows' space would be reused in an order
 * that a query without ORDER BY would show).
 */
export const EMPTY_EVERY_TABLE = `do $$
declare tables text;
begin
  select string_agg(format('public.%I', tablename), ', ') into tables from pg_tables where schemaname = 'public';
  if tables is not null then
    execute 'truncate ' || tables || ' restart identity cascade';
  end if;
end $$`;

/** What a test could change beyond rows: tables, columns, indexes, constraints, triggers and functions. */
const SCHEMA_FINGERPRINT = `select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select 'c:' || relname || ':' || relkind::text as item from pg_class where relnamespace = 'public'::regnamespace
  union all select 'a:' || a.attrelid::regclass || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
  union all select 'k:' || conname from pg_constraint where connamespace = 'public'::regnamespace
  union all select 't:' || tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
  union all select 'p:' || proname from pg_proc where pronamespace = 'public'::regnamespace
) items`;

/**
 * Loading the template into a new PGlite costs about a second, paid by every test file (and most UI files), so a
 * closed one is emptied and kept for the worker's next file instead: a file still starts from an empty, migrated
 * database with its sequences at 1. One whose schema a test changed (a renamed table, a trigger that refuses writes)
 * is really closed. Kept on globalThis, so files run in their own module graph (vitest's `isolate`) share it too.
 */
interface IdlePglites {
  idle: PGlite[];
}
const shared = globalThis as { __menyuIdlePglites?: IdlePglites };
shared.__menyuIdlePglites ??= { idle: [] };
const pool = shared.__menyuIdlePglites;

/** The PGlites a file holds now: each is given back once, however often its close is called. */
const lent = new Set<PGlite>();

async function fingerprintOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]!.fingerprint;
}

async function takePglite(): Promise<PGlite> {
  const reused = pool.idle.pop();
  if (reused) {
    lent.add(reused);
    return reused;
  }
  const pglite = await createPglite(undefined, { loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]) });
  const fingerprint = await fingerprintOf(pglite);
  const reallyClose = pglite.close.bind(pglite);
  // openDatabase's close ends with pglite.close(): here that gives the database back, emptied, unless it was changed.
  pglite.close = async () => {
    if (!lent.delete(pglite)) return;
    try {
      await pglite.exec('reset all');
      if ((await fingerprintOf(pglite)) === fingerprint) {
        await pglite.exec(EMPTY_EVERY_TABLE);
        pool.idle.push(pglite);
        return;
      }
    } catch {
      // Whatever a test left it in (an aborted transaction…), it is not lent again.
    }
    await reallyClose();
  };
  lent.add(pglite);
  return pglite;
}
