import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { copyFolderToBucket } from '../../server/uploads/copy-to-bucket';
import { S3ImageStore } from '../../server/uploads/s3-store';
import type { S3Settings } from '../../server/uploads/storage-settings';
import { uploadsDir } from '../../server/uploads/stores';
import { type LocalS3, startLocalS3 } from './storage-fixtures';

/**
 * `npm run storage:copy`: a folder's stored images into a bucket under the same names. A second run copies nothing, a
 * bucket left half done is completed (a missing file, a cut-off one, one of the same size but other bytes), each copy
 * is checked by size and checksum, and the command itself reads the server's settings.
 */

let s3: LocalS3;
let settings: S3Settings;
const stores: S3ImageStore[] = [];
const folders: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
  settings = loadConfig(s3.env).storage as S3Settings;
});
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(() => s3.close());

/** A bucket store under its own prefix, so each test starts from an empty bucket. */
function bucket(prefix: string, Store = S3ImageStore): S3ImageStore {
  const store = new Store({
    ...settings,
    prefix: `${settings.prefix}/${prefix}`,
    publicUrl: `${settings.publicUrl}/${prefix}`,
  });
  stores.push(store);
  return store;
}

/** A data folder with `count` stored images (each with its thumbnail) and a file that is not one. */
function dataFolder(count: number): { dataDir: string; dir: string; names: string[] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-storage-copy-'));
  folders.push(dataDir);
  const dir = uploadsDir(dataDir);
  mkdirSync(dir);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = randomBytes(16).toString('hex');
    for (const file of [`${name}.webp`, `${name}-thumb.webp`]) {
      writeFileSync(join(dir, file), randomBytes(1000 + i * 10));
      names.push(file);
    }
  }
  writeFileSync(join(dir, 'notes.txt'), 'not an image');
  return { dataDir, dir, names: names.sort() };
}

const fetchAt = async (prefix: string, name: string) => {
  const res = await fetch(`${settings.publicUrl}/${prefix}/${name}`);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

describe('copying a folder into a bucket', () => {
  it('copies every stored image byte for byte, and a second run copies nothing', async () => {
    const { dir, names } = dataFolder(3);
    const store = bucket('full');
    const first = await copyFolderToBucket(dir, store);
    expect(first).toEqual({ copied: names, present: [], failed: [] });
    for (const name of names) {
      const object = await fetchAt('full', name);
      expect(object.status).toBe(200);
      expect(object.body.equals(readFileSync(join(dir, name)))).toBe(true);
    }
    expect((await fetchAt('full', 'notes.txt')).status).toBe(404);

    expect(await copyFolderToBucket(dir, store)).toEqual({ copied: [], present: names, failed: [] });
  });

  it('completes a bucket left half done: missing, cut off, or the same size with other bytes', async () => {
    const { dir, names } = dataFolder(3);
    const store = bucket('half');
    await copyFolderToBucket(dir, store);
    const [missing, cutOff, otherBytes] = names as [string, string, string];
    await store.remove([missing]);
    await store.put(cutOff, readFileSync(join(dir, cutOff)).subarray(0, 100));
    await store.put(otherBytes, randomBytes(readFileSync(join(dir, otherBytes)).length));

    const report = await copyFolderToBucket(dir, store);
    expect(report.copied).toEqual([missing, cutOff, otherBytes].sort());
    expect(report.failed).toEqual([]);
    for (const name of [missing, cutOff, otherBytes]) {
      expect((await fetchAt('half', name)).body.equals(readFileSync(join(dir, name)))).toBe(true);
    }
  });

  it('reports a copy the bucket does not hold as sent, and leaves it to the next run', async () => {
    const { dir, names } = dataFolder(1);
    /** A store whose writes lose the last byte on the way. */
    class Lossy extends S3ImageStore {
      override put(name: string, data: Buffer) {
        return super.put(name, data.subarray(0, data.length - 1));
      }
    }
    const report = await copyFolderToBucket(dir, bucket('lossy', Lossy));
    expect(report.copied).toEqual([]);
    expect(report.failed.map((failure) => failure.name)).toEqual(names);
    expect(report.failed[0]!.reason).toMatch(/other content/);

    expect(await copyFolderToBucket(dir, bucket('lossy'))).toMatchObject({ copied: names, failed: [] });
  });

  it('runs as npm run storage:copy with the server settings, from DATA_DIR/uploads', async () => {
    const { dataDir, names } = dataFolder(1);
    const env = {
      ...process.env,
      ...s3.env,
      STORAGE_URL: `s3://${settings.bucket}/${settings.prefix}/script`,
      DATA_DIR: dataDir,
    };
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/storage-copy.ts'], {
        env,
        cwd: process.cwd(),
      });
    expect((await run()).stdout).toContain('Copied 2, already there 0, failed 0.');
    expect((await run()).stdout).toContain('Copied 0, already there 2, failed 0.');
    expect((await fetchAt('script', names[0]!)).status).toBe(200);
  }, 30_000);
});
