/**
 * `npm run restore -- <backup folder> [--replace]`: puts a backup made by `npm run backup` back where the configuration
 * points (DATABASE_URL or DATA_DIR, and DATA_DIR/uploads), then counts the restaurants and orders against the manifest
 * (docs/operations.md). Stop every server first. Without --replace it refuses a database that holds data already;
 * with it, PostgreSQL's objects are dropped and recreated from the dump, and the embedded database's folder is set
 * aside as `pgdata.replaced-<time>` (never deleted here). A PostgreSQL backup restores to PostgreSQL only, an embedded
 * one to the embedded database only.
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from '../server/config';
import { createPglite, pgliteFolderOf } from '../server/db/pglite';
import { uploadsDir } from '../server/uploads/storage';
import {
  BackupError,
  COUNTS_SQL,
  type Counts,
  countsOf,
  lockForOffline,
  MANIFEST,
  type Manifest,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  pgEnvironment,
  runPg,
  UPLOADS_FOLDER,
} from './backup';

export interface RestoreOptions {
  /** Replace a database that holds data (see above); otherwise such a database is refused. */
  replace?: boolean;
}

function readManifest(folder: string): Manifest {
  const file = join(folder, MANIFEST);
  if (!existsSync(file)) throw new BackupError(`${folder} is not a Menyu backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${file}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

async function restorePostgres(databaseUrl: string, folder: string, replace: boolean): Promise<Counts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query(
      `select count(*)::int as tables from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (tables.rows[0].tables > 0 && !replace) {
      throw new BackupError(
        'The database in DATABASE_URL has tables already: restore into an empty database, or add --replace',
      );
    }
    runPg(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        ...(replace ? ['--clean', '--if-exists'] : []),
        `--dbname=${pgEnvironment(databaseUrl).PGDATABASE ?? ''}`,
        join(folder, PG_DUMP_FILE),
      ],
      databaseUrl,
    );
    return countsOf((await client.query(COUNTS_SQL)).rows[0]).counts;
  } finally {
    await client.end();
  }
}

async function restorePglite(dataDir: string, folder: string, replace: boolean): Promise<Counts> {
  const lock = lockForOffline(dataDir, 'restore');
  let pglite: PGlite | undefined;
  try {
    const pgdata = pgliteFolderOf(dataDir);
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      if (!replace) {
        throw new BackupError(`${pgdata} holds a database already: move it away first, or add --replace`);
      }
      renameSync(
        pgdata,
        `${pgdata}.replaced-${new Date()
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d+Z$/, 'Z')}`,
      );
    }
    const dump = new Blob([readFileSync(join(folder, PGLITE_DUMP_FILE))]);
    pglite = await createPglite(pgdata, { loadDataDir: dump });
    return countsOf((await pglite.query<{ restaurants: number; orders: number; newest: string }>(COUNTS_SQL)).rows[0]!)
      .counts;
  } finally {
    await pglite?.close();
    lock.release();
  }
}

/** Copies the backup's images into DATA_DIR/uploads (names are never reused, so a file there already is the same). */
function restoreUploads(config: Config, folder: string, manifest: Manifest): string {
  if (manifest.uploads.kind === 's3') return manifest.uploads.note;
  if (config.storage.kind === 's3') {
    throw new BackupError(
      'This backup holds image files, but STORAGE_URL points at a bucket: copy the backup’s uploads folder into the ' +
        'bucket (same names), or restore with STORAGE_URL unset',
    );
  }
  const source = join(folder, UPLOADS_FOLDER);
  if (existsSync(source)) cpSync(source, uploadsDir(config.dataDir), { recursive: true });
  return `${manifest.uploads.files} image files`;
}

export async function restore(
  config: Config,
  backupFolder: string,
  options: RestoreOptions = {},
): Promise<{ manifest: Manifest; counts: Counts; images: string }> {
  const folder = resolve(backupFolder);
  const manifest = readManifest(folder);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(
      `This backup is of ${manifest.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: restore it ` +
        `with ${manifest.database === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  }
  const counts = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, folder, options.replace ?? false)
    : await restorePglite(config.dataDir, folder, options.replace ?? false);
  if (counts.restaurants !== manifest.counts.restaurants || counts.orders !== manifest.counts.orders) {
    throw new BackupError(
      `Restored ${counts.restaurants} restaurants and ${counts.orders} orders; the backup had ` +
        `${manifest.counts.restaurants} and ${manifest.counts.orders}`,
    );
  }
  const images = restoreUploads(config, folder, manifest);
  return { manifest, counts, images };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const folder = args.find((arg) => !arg.startsWith('--'));
  try {
    if (!folder) throw new BackupError('Usage: npm run restore -- <backup folder> [--replace]');
    const { manifest, counts, images } = await restore(loadConfig(), folder, { replace: args.includes('--replace') });
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${counts.restaurants} restaurants, ${counts.orders} orders ` +
        `(as in the backup)\n  ${images}\nStart the server: it applies any migration newer than the backup.`,
    );
  } catch (error) {
    console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
