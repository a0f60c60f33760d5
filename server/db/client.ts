import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromProjectRoot } from '../project-root';
import { countingClient, createMaintenance, registerMaintenance } from './maintenance';
import { listenForNotifications, type NotificationHandlers, type NotificationListener } from './notifications';
import { createPglite, pgliteFolderOf } from './pglite';
import { PipelinedClient } from './pipelined-client';
import * as schema from './schema';

/** The one database type every query is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; repositories accept `Db | Tx` so a caller can group several writes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /**
   * PostgreSQL only: a small pool of its own for the staff events' reads (server/events/hub.ts), so a new order reaches
   * the staff's screens without waiting behind the requests queued for `db`'s connections on a busy evening.
   */
  eventsDb?: Db;
  /**
   * PostgreSQL only: one connection whose statements queue on the wire, each its own transaction, for the diners' order
   * writes (db/pipelined-client.ts). Never run a transaction on it.
   */
  pipelinedDb?: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel, so several server processes on one database hear each other's NOTIFY.
   * (An embedded PGlite belongs to one process: there is nobody else to hear.)
   */
  listen?: (channel: string, handlers: NotificationHandlers) => Promise<NotificationListener>;
  /**
   * LISTEN on a channel whatever the database: PostgreSQL as `listen` does, the embedded PGlite through its own
   * listen() (its NOTIFYs come from this process and arrive on commit). For what must hear this process's own
   * notifications too (server/events/: the staff's live events).
   */
  subscribe: (channel: string, handlers: NotificationHandlers) => Promise<NotificationListener>;
}

/**
 * Single-user PostgreSQL keeps WAL segments up to max_wal_size (1 GB by default) for reuse at each checkpoint; at
 * 64 MB a CHECKPOINT (maintenance.ts runs one after every 32 MB of WAL) removes the older ones instead: the data folder
 * at 2,500 restaurants is 411 MB instead of 937 (docs/benchmarks.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

/** The SQL migrations, read at start from the sources' folder (the built server has no copy of them). */
export const migrationsFolder = fromProjectRoot('server', 'db', 'migrations');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database (PGlite keeps its files in `<dataDir>/pgdata`). */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests load one from a migrated template dump); made by createPglite (./pglite). */
  pglite?: PGlite | undefined;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const runMigrations = options.migrate ?? true;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can fail (a PostgreSQL restart, or connections terminated while the pool is closing): pg
    // emits that on the pool, and an 'error' event without a listener would crash the whole process. The pool has
    // already dropped that connection and opens a new one for the next query, so it is reported, not fatal.
    let closing = false;
    pool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL: an idle connection failed (${error.message}); it will be reopened`);
    });
    // numeric comes back as a string from pg; drizzle's numeric({ mode: 'number' }) converts it.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      if (runMigrations)
        await withMigrationLock(options.databaseUrl, () => migratePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    const url = options.databaseUrl;
    // Connections are opened when first asked for: a process whose panels are closed opens none.
    const eventsPool = new pg.Pool({ connectionString: url, max: 2 });
    eventsPool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL: an idle connection failed (${error.message}); it will be reopened`);
    });
    const pipelined = new PipelinedClient(url, 'menyu order writes');
    return {
      db,
      eventsDb: drizzlePg(eventsPool, { schema }) as unknown as Db,
      // drizzle only calls its client's query(config, values), which PipelinedClient answers as pg.Client does.
      pipelinedDb: drizzlePg(pipelined as unknown as pg.Client, { schema }) as unknown as Db,
      kind: 'postgres',
      close: async () => {
        closing = true;
        await Promise.all([endPool(pool), endPool(eventsPool), pipelined.close()]);
      },
      listen: (channel, handlers) => listenForNotifications(url, channel, handlers),
      subscribe: (channel, handlers) => listenForNotifications(url, channel, handlers),
    };
  }
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('openDatabase needs dataDir, databaseUrl or pglite');
    mkdirSync(options.dataDir, { recursive: true });
    client = await createPglite(pgliteFolderOf(options.dataDir), { startParams: PGLITE_START_PARAMS });
  }
  const maintenance = createMaintenance(client);
  const db = drizzlePglite(countingClient(client, maintenance), { schema }) as unknown as Db;
  registerMaintenance(db, maintenance);
  if (runMigrations) await migratePglite(db as never, { migrationsFolder });
  await maintenance.start();
  const owned = client;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await maintenance.close();
      if (!owned.closed) await owned.close();
    },
    subscribe: async (channel, handlers) => {
      const unlisten = await owned.listen(channel, handlers.message);
      return {
        close: async () => {
          if (!owned.closed) await unlisten();
        },
      };
    },
  };
}

/** Any fixed number, the same in every process: the key of the advisory lock migrations run under. */
const MIGRATION_LOCK_KEY = 7_301_955;

/**
 * Several server processes starting at once on one PostgreSQL would otherwise apply the same migration together; a
 * session-level advisory lock lets one migrate while the others wait, then find nothing left to do.
 */
async function withMigrationLock(connectionString: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // Ending the session releases the lock too, even if the unlock below never ran.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lock.end();
  }
}

/**
 * `pool.end()` resolves as soon as the pool has let go of its connections, before they have closed; wait until each
 * one has, so that whatever runs next (a shutdown, or dropping a test database) never meets a half-closed one.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  // A connection whose socket is already gone could fail to report; do not let that hang a shutdown.
  await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
}

/** `db.execute` answers `{ rows }` on both drivers, but the shared type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Resolves once the database answers a trivial query (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** NOTIFY on a channel: every process LISTENing on it (PostgreSQL) receives the payload once the statement commits. */
export async function notifyChannel(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
