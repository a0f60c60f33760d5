import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { uploadsDir } from '../../server/uploads/storage';
import { PG_TEMPLATE_DB } from '../support/template';
import { backupFolderOf, fillWithData, readBack, run, scratchFolder } from './ops-backup-fixtures';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md) on PostgreSQL (pg_dump's custom format): a backup, the
 * database dropped, the restore, and every restaurant, order and image is back as it was. PostgreSQL only.
 */

const scratch = scratchFolder();

describe('PostgreSQL (DATABASE_URL)', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `menyu_backup_${randomBytes(6).toString('hex')}`;
  const databaseUrl = serverUrl && Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const dataDir = join(scratch, 'pg-data');
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('backs up with pg_dump, and after the database is dropped restores every restaurant, order and image', async () => {
    await admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const seeded = await openDatabase({ databaseUrl, migrate: false });
    await fillWithData(seeded.db, dataDir);
    const before = await readBack(seeded.db, dataDir);
    await seeded.close();

    const made = run('backup', ['--out', join(scratch, 'pg-backups')], env);
    expect(made.status, made.stderr).toBe(0);
    const folder = backupFolderOf(made.stdout);
    expect(existsSync(join(folder, 'database.pgdump'))).toBe(true);

    await admin(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    rmSync(uploadsDir(dataDir), { recursive: true });

    const restored = run('restore', [folder], env);
    expect(restored.status, restored.stderr).toBe(0);
    const after = await openDatabase({ databaseUrl, migrate: false });
    try {
      expect(await readBack(after.db, dataDir)).toEqual(before);
    } finally {
      await after.close();
    }
    // A second restore meets the data: refused without --replace, done with it.
    expect(run('restore', [folder], env).stderr).toContain('has tables already');
    const replaced = run('restore', [folder, '--replace'], env);
    expect(replaced.status, replaced.stderr).toBe(0);
  });
});
