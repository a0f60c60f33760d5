/**
 * `npm run backup -- [--out <folder>]` (default ./backups): one folder `menyu-<UTC time>` holding the database, the
 * uploaded images and manifest.json (docs/operations.md). On PostgreSQL (DATABASE_URL) the database is `pg_dump`'s
 * custom format, taken while the servers run; the embedded database (PGlite, DATA_DIR) is its data folder as PGlite
 * dumps it, taken only while no server holds DATA_DIR (its lock refuses otherwise). Images kept in an S3 bucket
 * (STORAGE_URL) are not copied: the manifest says the bucket's versioning keeps them. The folder is written under a
 * `.partial` name and renamed when complete, so a backup folder that exists is whole.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from '../server/config';
import { DataDirLockedError, lockDataDir } from '../server/db/data-dir-lock';
import { createPglite, pgliteFolderOf } from '../server/db/pglite';
import { uploadsDir } from '../server/uploads/storage';

export const MANIFEST = 'manifest.json';
export const PG_DUMP_FILE = 'database.pgdump';
export const PGLITE_DUMP_FILE = 'pgdata.tar.gz';
export const UPLOADS_FOLDER = 'uploads';

/** What restore needs to know, and what it checks once the data is back. */
export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The newest migration the database had (drizzle's folder timestamp): a server with older code must not open it. */
  newestMigration: number;
  counts: Counts;
  uploads: { kind: 'files'; files: number } | { kind: 's3'; bucket: string; prefix: string; note: string };
}

export interface Counts {
  restaurants: number;
  orders: number;
}

/** What a backup counts, asked of any connection that answers SQL. */
export const COUNTS_SQL = `select
  (select count(*) from restaurants)::int as restaurants,
  (select count(*) from orders)::int as orders,
  (select coalesce(max(created_at), 0) from drizzle.__drizzle_migrations)::text as newest`;

export function countsOf(row: { restaurants: number; orders: number; newest: string }) {
  return { counts: { restaurants: row.restaurants, orders: row.orders }, newestMigration: Number(row.newest) };
}

export class BackupError extends Error {}

/** PostgreSQL's client programs: PG_BIN, else `pg_config --bindir`, else the newest under /usr/lib/postgresql, else PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join('/usr/lib/postgresql', version, 'bin')));
  }
  return candidates.map((bin) => join(bin, name)).find((path) => existsSync(path)) ?? name;
}

/**
 * A connection string as libpq's variables, so the password never shows in the process list as an argument would.
 * The URL's query parameters other than sslmode are not carried.
 */
export function pgEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const variables: Record<string, string | undefined> = {
    PGHOST: decodeURIComponent(url.hostname) || url.searchParams.get('host') || undefined,
    PGPORT: url.port || undefined,
    PGUSER: decodeURIComponent(url.username) || undefined,
    PGPASSWORD: decodeURIComponent(url.password) || undefined,
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || undefined,
    PGSSLMODE: url.searchParams.get('sslmode') ?? undefined,
  };
  return Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined));
}

/** Runs a PostgreSQL program; its own error text (a version mismatch, a refused login) is the error's message. */
export function runPg(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): void {
  const program = pgProgram(name);
  const run = spawnSync(program, args, { encoding: 'utf8', env: { ...process.env, ...pgEnvironment(databaseUrl) } });
  if (run.error) throw new BackupError(`${program} could not run (${run.error.message}); set PG_BIN to its folder`);
  if (run.status !== 0) throw new BackupError(`${program} failed:\n${run.stderr.trim()}`);
}

/** Takes DATA_DIR's lock as a server would: a running server on it means the backup or restore must wait. */
export function lockForOffline(dataDir: string, what: 'backup' | 'restore') {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `A Menyu server is running on ${dataDir} (the embedded database belongs to one process). Stop it, run the ` +
        `${what}, then start it again; with DATABASE_URL (PostgreSQL) backups are taken while it runs.\n${error.message}`,
    );
  }
}

async function dumpPostgres(databaseUrl: string, folder: string) {
  runPg('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${join(folder, PG_DUMP_FILE)}`], databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return countsOf((await client.query(COUNTS_SQL)).rows[0]);
  } finally {
    await client.end();
  }
}

async function dumpPglite(dataDir: string, folder: string) {
  const lock = lockForOffline(dataDir, 'backup');
  let pglite: PGlite | undefined;
  try {
    const pgdata = pgliteFolderOf(dataDir);
    if (!existsSync(pgdata)) throw new BackupError(`No embedded database in ${dataDir} (no pgdata folder)`);
    pglite = await createPglite(pgdata);
    const counted = countsOf(
      (await pglite.query<{ restaurants: number; orders: number; newest: string }>(COUNTS_SQL)).rows[0]!,
    );
    // Written to the data files first: the dump is then a clean copy, not one that replays its log when loaded.
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('gzip');
    writeFileSync(join(folder, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
    return counted;
  } finally {
    await pglite?.close();
    lock.release();
  }
}

function copyUploads(config: Config, folder: string): Manifest['uploads'] {
  if (config.storage.kind === 's3') {
    const { bucket, prefix } = config.storage;
    return {
      kind: 's3',
      bucket,
      prefix,
      note: 'Images are in the bucket, not in this backup: keep versioning on for it (docs/operations.md).',
    };
  }
  const source = uploadsDir(config.dataDir);
  const target = join(folder, UPLOADS_FOLDER);
  mkdirSync(target, { recursive: true });
  if (existsSync(source)) cpSync(source, target, { recursive: true });
  return { kind: 'files', files: readdirSync(target).length };
}

/** Writes one backup of what `config` points at into `outDir`; answers its folder. */
export async function backup(config: Config, outDir: string): Promise<{ folder: string; manifest: Manifest }> {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const folder = join(resolve(outDir), `menyu-${stamp}`);
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const database = config.databaseUrl ? 'postgres' : 'pglite';
    const { counts, newestMigration } = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, partial)
      : await dumpPglite(config.dataDir, partial);
    // After the database: an image uploaded meanwhile is copied (harmless), never one the database names missed.
    const uploads = copyUploads(config, partial);
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database,
      newestMigration,
      counts,
      uploads,
    };
    writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, folder);
    return { folder, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function outDirOf(args: string[]): string {
  const at = args.indexOf('--out');
  return at >= 0 && args[at + 1] ? args[at + 1]! : 'backups';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { folder, manifest } = await backup(loadConfig(), outDirOf(process.argv.slice(2)));
    const images = manifest.uploads.kind === 'files' ? `${manifest.uploads.files} image files` : manifest.uploads.note;
    console.log(
      `Backup written: ${folder}\n  ${manifest.database}: ${manifest.counts.restaurants} restaurants, ` +
        `${manifest.counts.orders} orders\n  ${images}`,
    );
  } catch (error) {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
