import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { lockDataDir } from '../../server/db/data-dir-lock';
import { createPglite, pgliteFolderOf } from '../../server/db/pglite';
import { uploadsDir } from '../../server/uploads/storage';
import { TEMPLATE_DUMP } from '../support/template';
import { backupFolderOf, fillWithData, readBack, run, scratchFolder } from './ops-backup-fixtures';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md) on the embedded database, run as an operator runs them: a
 * backup, the data wiped, the restore, and every restaurant, order and image is back as it was. In the PGlite pass only
 * (vitest.config.ts); PostgreSQL's: postgres-ops-backup.test.ts.
 */

const scratch = scratchFolder();

describe('the embedded database (DATA_DIR)', () => {
  const dataDir = join(scratch, 'data');
  const env = { DATA_DIR: dataDir };
  const openHere = async (): Promise<Database> =>
    openDatabase({ pglite: await createPglite(pgliteFolderOf(dataDir)), migrate: false });

  let folder: string;

  it('backs up, and after a wipe restores every restaurant, order and image', async () => {
    mkdirSync(dataDir, { recursive: true });
    const seeded = await openDatabase({
      pglite: await createPglite(pgliteFolderOf(dataDir), { loadDataDir: new Blob([readFileSync(TEMPLATE_DUMP)]) }),
      migrate: false,
    });
    await fillWithData(seeded.db, dataDir);
    const before = await readBack(seeded.db, dataDir);
    await seeded.close();
    expect(before.restaurants).toHaveLength(2);
    expect(before.orders).toHaveLength(1);
    expect(Object.keys(before.images)).toHaveLength(2);

    const made = run('backup', ['--out', join(scratch, 'backups')], env);
    expect(made.status, made.stderr).toBe(0);
    folder = backupFolderOf(made.stdout);
    expect(made.stdout).toContain('pglite: 2 restaurants, 1 orders');
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))).toMatchObject({
      database: 'pglite',
      counts: { restaurants: 2, orders: 1 },
      uploads: { kind: 'files', files: 2 },
    });

    rmSync(pgliteFolderOf(dataDir), { recursive: true });
    rmSync(uploadsDir(dataDir), { recursive: true });

    const restored = run('restore', [folder], env);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('2 restaurants, 1 orders (as in the backup)');
    const after = await openHere();
    try {
      expect(await readBack(after.db, dataDir)).toEqual(before);
    } finally {
      await after.close();
    }
    // Two child processes each start tsx and open the embedded database: about 10 s, over 30 on a machine already busy.
  }, 90_000);

  it('refuses to restore over a database unless told to replace it, and then keeps the old one aside', async () => {
    const refused = run('restore', [folder], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('holds a database already');

    const replaced = run('restore', [folder, '--replace'], env);
    expect(replaced.status, replaced.stderr).toBe(0);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pgdata.replaced-'))).toHaveLength(1);
  });

  it('refuses both while a server holds DATA_DIR, saying to stop it', () => {
    const lock = lockDataDir(dataDir);
    try {
      for (const attempt of [
        run('backup', ['--out', join(scratch, 'refused')], env),
        run('restore', [folder, '--replace'], env),
      ]) {
        expect(attempt.status).toBe(1);
        expect(attempt.stderr).toContain('A Menyu server is running on');
      }
      expect(existsSync(join(scratch, 'refused')) && readdirSync(join(scratch, 'refused'))).toEqual([]);
    } finally {
      lock.release();
    }
  });
});
