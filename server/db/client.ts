import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The one database type every query is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept `Db | Tx` so a caller can group several writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database (PGlite keeps its files in `<dataDir>/pgdata`). */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load one from a migrated template dump). */
  pglite?: PGlite | undefined;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // numeric comes back as a string from pg; drizzle's numeric({ mode: 'number' }) converts it.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      if (runMigrations) await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs dataDir, databaseUrl or pglite');
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(join(options.dataDir, 'pgdata'));
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(db as never, { migrationsFolder });
  const owned = client;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!owned.closed) await owned.close();
    },
  };
}

/** `db.execute` answers `{ rows }` on both drivers, but the shared type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
