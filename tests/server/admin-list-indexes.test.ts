import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { freshDatabase } from '../support/database';

/**
 * Migrations 0006 and 0008: the admin lists' order and search indexes, with pg_trgm, on whichever database this run
 * uses (PGlite from the template, or PostgreSQL when DATABASE_URL is set), and on a PGlite data folder reopened.
 */
const EXPECTED = [
  'restaurants_created_idx',
  'restaurants_phone_digits_trgm_idx',
  'restaurants_search_trgm_idx',
  'users_login_trgm_idx',
  'users_role_login_idx',
];

async function indexNames(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select indexname from pg_indexes where schemaname = 'public' and indexname in ${EXPECTED} order by 1`,
  );
  return rowsOf<{ indexname: string }>(result).map((row) => row.indexname);
}

/** The trigram (GIN) indexes, each with fastupdate off: without VACUUM (PGlite) a pending list would grow forever. */
async function ginOptions(database: Database): Promise<Record<string, string[] | null>> {
  const result = await database.db.execute(sql`
    select c.relname, c.reloptions from pg_class c join pg_am a on a.oid = c.relam
    where a.amname = 'gin' and c.relnamespace = 'public'::regnamespace order by 1`);
  return Object.fromEntries(
    rowsOf<{ relname: string; reloptions: string[] | null }>(result).map((row) => [row.relname, row.reloptions]),
  );
}

/** A trigram index only helps if the database really has pg_trgm's functions (PGlite: the extension was loaded). */
async function trigramWorks(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`select similarity('abc', 'abc') as s`);
  return rowsOf<{ s: number }>(result)[0]?.s === 1;
}

describe('migrations 0006 and 0008: the admin list indexes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('creates pg_trgm and every index the admin lists read', async () => {
    const extensions = rowsOf<{ extname: string }>(
      await database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`),
    );
    expect(extensions).toEqual([{ extname: 'pg_trgm' }]);
    expect(await indexNames(database)).toEqual(EXPECTED);
    expect(await trigramWorks(database)).toBe(true);
    expect(await ginOptions(database)).toEqual({
      restaurants_phone_digits_trgm_idx: ['fastupdate=false'],
      restaurants_search_trgm_idx: ['fastupdate=false'],
      users_login_trgm_idx: ['fastupdate=false'],
    });
  });

  // Its own PGlite in a folder, whatever database the run uses: what `npm start` opens, stopped and started again.
  it('a PGlite data folder migrated once opens again with its trigram indexes usable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'menyu-0006-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.close();
      const again = await openDatabase({ dataDir: dir });
      try {
        expect(await indexNames(again)).toEqual(EXPECTED);
        expect(await trigramWorks(again)).toBe(true);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
