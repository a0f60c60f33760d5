import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { orders, restaurants } from '../../server/db/schema';
import { uploadsDir } from '../../server/uploads/storage';
import { createRestaurant } from '../support/fixtures';
import { webpImage } from '../support/images';

/** What the backup and restore tests share (ops-backup.test.ts on the embedded database, postgres-ops-backup.test.ts). */

const root = join(import.meta.dirname, '..', '..');

/** A scratch folder of the calling file's own, removed after it. */
export function scratchFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'menyu-ops-backup-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Runs scripts/<name>.ts with `env` in place of the database and storage settings of the test run. */
export function run(name: 'backup' | 'restore', args: string[], env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', `${name}.ts`), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', STORAGE_URL: '', LOG_LEVEL: 'silent', ...env },
  });
}

export interface Saved {
  restaurants: Array<{ _id: string; name: string; image: string | null }>;
  orders: Array<{ _id: string; restaurant_id: string; total: number }>;
  images: Record<string, Buffer>;
}

/** Two restaurants (one with a picture, its file and thumbnail in DATA_DIR/uploads) and an order. */
export async function fillWithData(db: Db, dataDir: string): Promise<void> {
  const name = randomBytes(8).toString('hex');
  mkdirSync(uploadsDir(dataDir), { recursive: true });
  writeFileSync(join(uploadsDir(dataDir), `${name}.webp`), await webpImage({ width: 64, height: 48 }));
  writeFileSync(join(uploadsDir(dataDir), `${name}-thumb.webp`), await webpImage({ width: 16, height: 12 }));
  const first = await createRestaurant(db, { image: `/uploads/${name}.webp` });
  await createRestaurant(db);
  await db.insert(orders).values({
    restaurant_id: first._id,
    table_name: 'Stol 1',
    number: 1,
    business_date: '2030-01-01',
    items: [],
    total: 42_000,
    idempotency_key: randomUUID(),
  });
}

export async function readBack(db: Db, dataDir: string): Promise<Saved> {
  const folder = uploadsDir(dataDir);
  return {
    restaurants: await db
      .select({ _id: restaurants._id, name: restaurants.name, image: restaurants.image })
      .from(restaurants)
      .orderBy(asc(restaurants._id)),
    orders: await db
      .select({ _id: orders._id, restaurant_id: orders.restaurant_id, total: orders.total })
      .from(orders)
      .orderBy(asc(orders._id)),
    images: existsSync(folder)
      ? Object.fromEntries(readdirSync(folder).map((file) => [file, readFileSync(join(folder, file))]))
      : {},
  };
}

/** The backup folder the script named on its first line. */
export function backupFolderOf(output: string): string {
  const folder = /^Backup written: (.+)$/m.exec(output)?.[1];
  expect(folder, output).toBeDefined();
  return folder!;
}
