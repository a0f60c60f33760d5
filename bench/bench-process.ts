import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../server/db/client';
import { scratchDatabase } from './scratch-database';

/**
 * What a bench's server process opens: a temporary DATA_DIR, and in it a fresh PGlite, or with `databaseUrl` a scratch
 * PostgreSQL database beside it (`<database>_<name>_<pid>`, bench/scratch-database.ts) unless `shared` says the database is
 * another process's to create and drop. `cleanUp` closes and removes what it opened.
 */
export async function openBenchDatabase(
  name: string,
  options: { databaseUrl?: string | undefined; shared?: boolean } = {},
): Promise<{ database: Database; dataDir: string; cleanUp: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `menyu-bench-${name}-`));
  const { databaseUrl, shared = false } = options;
  const scratch = databaseUrl && !shared ? await scratchDatabase(databaseUrl, `${name}_${process.pid}`) : undefined;
  const url = scratch?.url ?? databaseUrl;
  const database = await openDatabase({ dataDir, ...(url ? { databaseUrl: url } : {}) });
  return {
    database,
    dataDir,
    cleanUp: async () => {
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bench's server process ends on SIGTERM or SIGINT: `stop`, then exit. */
export function exitOnSignal(stop: () => Promise<void>): void {
  const exit = async () => {
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
}
