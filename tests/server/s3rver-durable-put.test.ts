import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { S3ImageStore } from '../../server/uploads/s3-store';
import type { S3Settings } from '../../server/uploads/storage-settings';
import { type LocalS3, startLocalS3 } from './storage-fixtures';

/**
 * The local S3 answers a PUT only once the object is readable, as S3 does: the storage tests read objects back at once.
 * A slow disk is made here by holding every write into an object's file for a moment (on a loaded machine the write
 * thread is simply late); an answer given before the bytes are on disk would be read back short.
 */

let s3: LocalS3;
let store: S3ImageStore;
beforeAll(async () => {
  s3 = await startLocalS3();
  store = new S3ImageStore(loadConfig(s3.env).storage as S3Settings);
});
afterAll(async () => {
  store.close();
  await s3.close();
});

const { write } = fs;
afterEach(() => {
  fs.write = write;
});

/** Holds each write into an s3rver object file for `ms` before it reaches the disk. */
function slowObjectWrites(ms: number) {
  const objectFile = (fd: number) => fs.readlinkSync(`/proc/self/fd/${fd}`).endsWith('._S3rver_object');
  fs.write = ((fd: number, ...rest: unknown[]) => {
    const go = () => (write as (...args: unknown[]) => void)(fd, ...rest);
    if (objectFile(fd)) setTimeout(go, ms);
    else go();
  }) as typeof fs.write;
}

it('holds every byte of an object as soon as its PUT is answered, on a slow disk too', async () => {
  slowObjectWrites(50);
  for (const [i, size] of [1000, 1010, 200_000].entries()) {
    const data = randomBytes(size);
    await store.put(`durable-${i}.webp`, data);
    const facts = await store.facts(`durable-${i}.webp`);
    expect(facts?.size).toBe(size);
    expect((await s3.fetchObject(`durable-${i}.webp`)).body.equals(data)).toBe(true);
  }
});
