import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, storageDeletions } from '../../server/db/schema';
import { queuedStorageDeletions } from '../../server/repositories/storage-deletions';
import { drainStorageDeletions, queueStorageDeletions } from '../../server/uploads/deletion-queue';
import { thumbnailUrl, UPLOADS_URL_PREFIX } from '../../server/uploads/storage';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { pngImage, uploadForm } from '../support/images';
import { type LocalS3, startLocalS3 } from './storage-fixtures';

/**
 * Removing images from a bucket that fails: the delete still commits and answers, the images stay queued in
 * `storage_deletions`, each failed try puts the next one further off, and once the store answers again the job leaves
 * nothing behind. A key something shows again is forgotten, never removed.
 */

const MINUTE = 60_000;
let s3: LocalS3;
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp(s3.env);
  owner = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const inBucket = async (key: string) => {
  const [display, thumb] = await Promise.all([s3.fetchObject(nameOf(key)), s3.fetchObject(thumbnailUrl(nameOf(key)))]);
  expect(thumb.status).toBe(display.status);
  return display.status === 200;
};

async function productWithImage() {
  const r = await createRestaurant(t.db, { manager_id: owner._id });
  const product = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/manager/upload',
    headers: owner.headers,
    payload: uploadForm([{ data: await pngImage(), filename: 'a.png' }], { product_id: product._id }),
  });
  expect(res.statusCode).toBe(200);
  return { product, key: `${UPLOADS_URL_PREFIX}${nameOf(res.json().url)}` };
}

describe('removing images from a bucket that fails at first', () => {
  it('commits the delete, keeps the images queued with a growing delay, and removes them once the store answers', async () => {
    const { product, key } = await productWithImage();
    expect(await inBucket(key)).toBe(true);

    await s3.stop();
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/manager/products/${product._id}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBeLessThan(300);
      expect(await t.db.select().from(products).where(eq(products._id, product._id))).toEqual([]);

      // The job's round fails (the scheduler logs it); the image waits a minute, then two.
      expect(await t.app.jobs.runDue('storage-deletions')).toBe('failed');
      const [first] = await queuedStorageDeletions(t.db);
      expect(first).toMatchObject({ key, attempts: 1 });
      expect(first!.last_error).toMatch(/\S/);
      const now = Date.now();
      expect(first!.next_attempt_at.getTime()).toBeGreaterThan(now + 0.5 * MINUTE);
      expect(first!.next_attempt_at.getTime()).toBeLessThan(now + 1.5 * MINUTE);
      expect(await drainStorageDeletions(t.db, t.app.imageStore)).toBe(0);

      const later = new Date(now + 2 * MINUTE);
      await expect(drainStorageDeletions(t.db, t.app.imageStore, { now: later })).rejects.toThrow();
      const [second] = await queuedStorageDeletions(t.db);
      expect(second!.attempts).toBe(2);
      expect(second!.next_attempt_at.getTime() - later.getTime()).toBe(2 * MINUTE);
    } finally {
      await s3.start();
    }

    expect(await inBucket(key)).toBe(true);
    expect(await drainStorageDeletions(t.db, t.app.imageStore, { now: new Date(Date.now() + 10 * MINUTE) })).toBe(1);
    expect(await inBucket(key)).toBe(false);
    expect(await queuedStorageDeletions(t.db)).toEqual([]);
  });

  it('removes what was queued when the process stopped before removing it', async () => {
    const { product, key } = await productWithImage();
    // What a delete's transaction writes; the crash came before its after-commit removal.
    await t.db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products._id, product._id));
      await queueStorageDeletions(tx, [key]);
    });
    expect(await inBucket(key)).toBe(true);
    expect(await drainStorageDeletions(t.db, t.app.imageStore)).toBe(1);
    expect(await inBucket(key)).toBe(false);
  });

  it('forgets a queued image that a product shows again, and keeps it', async () => {
    const { key } = await productWithImage();
    await queueStorageDeletions(t.db, [key]);
    expect(await drainStorageDeletions(t.db, t.app.imageStore)).toBe(0);
    expect(await inBucket(key)).toBe(true);
    expect(await t.db.select().from(storageDeletions)).toEqual([]);
  });

  it('queues only keys of stored images (a POS picture is not ours to remove)', async () => {
    await queueStorageDeletions(t.db, ['https://pos.example/dish.webp', '/uploads/../x.webp']);
    expect(await queuedStorageDeletions(t.db)).toEqual([]);
  });
});
