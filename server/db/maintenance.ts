import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/**
 * Upkeep PostgreSQL's background processes do for a server and an embedded PGlite never gets:
 * - statistics: PGlite runs no autovacuum, so without an explicit ANALYZE every table keeps `reltuples = -1` and the
 *   planner hash-joins whole tables (the first menu render after a change went from 96 to 442 ms at 2,500
 *   restaurants). Rows written are counted per table as they are written (the driver reports them), and a table is
 *   analyzed once autovacuum's own rule says so: more than 50 + 10 % of its rows changed since the last ANALYZE;
 * - WAL: single-user PostgreSQL never checkpoints on its own, so WAL only grows (593 of a 937 MB data folder). After
 *   enough WAL since the last checkpoint a CHECKPOINT runs; with max_wal_size lowered at start (client.ts) it then
 *   removes old segments instead of keeping them for reuse.
 * PGlite runs one query at a time, so the work is done in the background, one table per statement (requests queue
 * between them, never behind the whole pass), a few seconds after it became due, and never two passes at once.
 */

/** Autovacuum's defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor). */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
/** A CHECKPOINT once this much WAL was written since the last one (max_wal_size is set to 64 MB at start). */
export const CHECKPOINT_WAL_BYTES = 32 * 1024 * 1024;
/** After this many rows written (any tables) a pass looks at the WAL even when no table is due for ANALYZE. */
const WAL_CHECK_ROWS = 5000;
/** How long due work waits, so a burst of writes (an import, a seed) is analyzed once, after it. */
const DEFAULT_DELAY_MS = 3000;

export interface Maintenance {
  /**
   * After migrations, before the first request: tables never analyzed that hold rows (a data folder from before this,
   * a migration that filled a table) are analyzed now. Empty ones wait for their first rows (see pass()).
   */
  start(): Promise<void>;
  /** Rows a statement wrote to a table (the counting client reports every INSERT, UPDATE and DELETE). */
  noteWrite(table: string, rows: number): void;
  /**
   * A bulk write finished (an import, a POS sync): every table written since its last ANALYZE is analyzed in the
   * background at once, whatever the count (the moments the issue names), then the WAL is looked at.
   */
  bulkWritten(): void;
  /** The same, waited for: seeding ends with it, so the first measured request meets current statistics. */
  settle(): Promise<void>;
  /** Stops scheduling; waits for a running pass (a close must not cut a statement in half). */
  close(): Promise<void>;
}

interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<Results<T>>;
}

export interface MaintenanceOptions {
  delayMs?: number;
  onError?: (error: unknown) => void;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createMaintenance(client: Runner, options: MaintenanceOptions = {}): Maintenance {
  const delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
  const onError = options.onError ?? ((error) => console.error('Database maintenance failed:', error));
  /** Rows written per table since its last ANALYZE. */
  const changed = new Map<string, number>();
  /** reltuples per table at its last ANALYZE (−1 or absent: never analyzed). */
  const tuples = new Map<string, number>();
  /** Tables that must be analyzed whatever was counted (never analyzed when the database was opened). */
  const forced = new Set<string>();
  /** Rows written since the last pass, whatever the table: many small writes grow the WAL too, under every table's rule. */
  let writtenSincePass = 0;
  let checkpointLsn: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const isDue = (table: string) =>
    forced.has(table) || (changed.get(table) ?? 0) > ANALYZE_BASE + ANALYZE_SCALE * Math.max(0, tuples.get(table) ?? 0);

  function schedule(wait: number): void {
    if (closed || timer || running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void runPass();
    }, wait);
    // Pending upkeep never keeps a process alive.
    timer.unref();
  }

  function runPass(): Promise<void> {
    if (running) return running;
    running = pass()
      .catch((error: unknown) => {
        if (!closed) onError(error);
      })
      .finally(() => {
        running = undefined;
        // Writes that came during the pass are looked at after it.
        if (forced.size > 0) schedule(0);
        else if (writtenSincePass >= WAL_CHECK_ROWS || [...changed.keys()].some(isDue)) schedule(delayMs);
      });
    return running;
  }

  async function pass(): Promise<void> {
    writtenSincePass = 0;
    if (checkpointLsn === undefined) checkpointLsn = await currentLsn();
    for (const table of [...new Set([...forced, ...changed.keys()])]) {
      if (closed) return;
      if (!isDue(table)) continue;
      forced.delete(table);
      changed.delete(table);
      // An empty table is left alone: statistics saying "0 rows" make the planner pick sequential scans for the
      // foreign-key checks of the next bulk load and keep them for the whole transaction (a 300-restaurant seed took
      // 38 s instead of 8); without statistics it assumes a few pages and uses the index.
      const regclass = quoteIdent(table);
      const { rows: present } = await client.query<{ any: boolean }>(
        `select exists (select 1 from ${regclass}) as any`,
      );
      if (!present[0]?.any) continue;
      await client.query(`analyze ${regclass}`);
      const { rows } = await client.query<{ reltuples: number }>(
        `select reltuples::float8 as reltuples from pg_class where oid = to_regclass($1)`,
        [regclass],
      );
      tuples.set(table, Number(rows[0]?.reltuples ?? 0));
    }
    if (closed) return;
    const { rows } = await client.query<{ bytes: string }>(
      `select (pg_current_wal_lsn() - $1::pg_lsn)::text as bytes`,
      [checkpointLsn],
    );
    if (Number(rows[0]?.bytes ?? 0) >= CHECKPOINT_WAL_BYTES) {
      await client.query('checkpoint');
      checkpointLsn = await currentLsn();
    }
  }

  async function currentLsn(): Promise<string> {
    const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return rows[0]!.lsn;
  }

  function markWritten(): void {
    for (const [table, rows] of changed) if (rows > 0) forced.add(table);
  }

  async function findUnanalyzed(): Promise<void> {
    const { rows } = await client.query<{ name: string; reltuples: number }>(
      `select c.relname as name, c.reltuples::float8 as reltuples from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    for (const row of rows) {
      tuples.set(row.name, Number(row.reltuples));
      if (Number(row.reltuples) < 0) forced.add(row.name);
    }
  }

  return {
    async start() {
      await findUnanalyzed();
      if (forced.size > 0) await runPass();
    },
    noteWrite(table, rows) {
      changed.set(table, (changed.get(table) ?? 0) + rows);
      writtenSincePass += rows;
      if (isDue(table) || writtenSincePass >= WAL_CHECK_ROWS) schedule(delayMs);
    },
    bulkWritten() {
      markWritten();
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      schedule(0);
    },
    async settle() {
      markWritten();
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      while (running) await running;
      await runPass();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}

/**
 * The table of ours an INSERT, UPDATE or DELETE writes to, from the statement's start (drizzle quotes names); writes
 * to another schema (drizzle's own migrations table) are not ours to analyze.
 */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"?([A-Za-z_]\w*)"?\.)?"?([A-Za-z_]\w*)"?/i;

export function writtenTable(sql: string): string | undefined {
  const match = WRITE.exec(sql);
  if (!match || (match[1] !== undefined && match[1] !== 'public')) return undefined;
  return match[2];
}

/**
 * The PGlite drizzle is given: its `query` (and the same inside a transaction) reports the rows each write changed.
 * Drizzle's PGlite driver only calls `query` and `transaction`, so these two are all it needs.
 */
export function countingClient(client: PGlite, maintenance: Maintenance): PGlite {
  const counted = <T>(sql: string, result: Results<T>): Results<T> => {
    const rows = result.affectedRows ?? 0;
    if (rows > 0) {
      const table = writtenTable(sql);
      if (table) maintenance.noteWrite(table, rows);
    }
    return result;
  };
  const wrap = <T extends Pick<Transaction, 'query'>>(target: T) => ({
    query: <R>(sql: string, params?: unknown[], options?: Parameters<Transaction['query']>[2]) =>
      target.query<R>(sql, params, options).then((result) => counted(sql, result)),
  });
  const wrapped = {
    ...wrap(client),
    transaction: <R>(callback: (tx: Transaction) => Promise<R>) =>
      client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, wrap(tx)))),
  };
  return wrapped as unknown as PGlite;
}

/** Which maintenance belongs to a drizzle database (seeds and the POS sync get only the Db). */
const registry = new WeakMap<object, Maintenance>();

export function registerMaintenance(db: object, maintenance: Maintenance): void {
  registry.set(db, maintenance);
}

/** The embedded database's maintenance; undefined on PostgreSQL, whose autovacuum and checkpointer do it. */
export function maintenanceOf(db: object): Maintenance | undefined {
  return registry.get(db);
}
