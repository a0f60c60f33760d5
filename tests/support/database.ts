import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
  if (!url) {
    const pglite = await createPglite(undefined, { loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]) });
    return openDatabase({ pglite, migrate: false });
  }
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
