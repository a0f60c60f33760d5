import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { jobLeases } from '../../server/db/schema';
import { scheduleUploadSweep } from '../../server/jobs/upload-sweep';
import { storeImages } from '../../server/uploads/images';
import { thumbnailUrl, uploadsDir } from '../../server/uploads/storage';
import { ABANDONED_AFTER_MS, sweepUnusedUploads } from '../../server/uploads/sweep';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { pngImage } from '../support/images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fileOf = (url: string) => join(uploadsDir(t.config.dataDir), url.slice('/uploads/'.length));
const stored = (url: string) => existsSync(fileOf(url)) && existsSync(fileOf(thumbnailUrl(url)));
/** Backdates a stored image (and its thumbnail) as if it had been uploaded `ms` ago. */
function age(url: string, ms: number) {
  const then = new Date(Date.now() - ms);
  utimesSync(fileOf(url), then, then);
  utimesSync(fileOf(thumbnailUrl(url)), then, then);
}

describe('sweeping abandoned uploads', () => {
  it('removes only old images that no product or restaurant uses, with their thumbnails', async () => {
    const image = await pngImage();
    const [abandoned, productImage, cover, logo, fresh] = await storeImages(
      t.config.dataDir,
      Array.from({ length: 5 }, (_, i) => ({ filename: `${i}.png`, data: image })),
    );
    const restaurant = await createRestaurant(t.db, { image: cover!, logotype: logo! });
    const category = await createCategory(t.db, restaurant._id);
    await createProduct(t.db, category._id, { images: [{ file: productImage! }] });
    const twoDays = 2 * ABANDONED_AFTER_MS;
    for (const url of [abandoned!, productImage!, cover!, logo!]) age(url, twoDays);
    // Something else in the folder is not ours to remove.
    writeFileSync(join(uploadsDir(t.config.dataDir), 'README.txt'), 'keep');

    const removed = await sweepUnusedUploads(t.db, t.config.dataDir);

    expect(removed).toEqual([abandoned]);
    expect(existsSync(fileOf(abandoned!))).toBe(false);
    expect(existsSync(fileOf(thumbnailUrl(abandoned!)))).toBe(false);
    for (const url of [productImage!, cover!, logo!]) expect(stored(url)).toBe(true);
    // Uploaded minutes ago for a product form that is still open: kept.
    expect(stored(fresh!)).toBe(true);
    expect(existsSync(join(uploadsDir(t.config.dataDir), 'README.txt'))).toBe(true);
    // A second sweep finds nothing more.
    expect(await sweepUnusedUploads(t.db, t.config.dataDir)).toEqual([]);
  });

  it('a running server sweeps a minute after it starts, and stops sweeping when closed', async () => {
    const [url] = await storeImages(t.config.dataDir, [{ filename: 'a.png', data: await pngImage() }]);
    age(url!, 2 * ABANDONED_AFTER_MS);
    const app = await buildApp(t.config, { database: t.database, logger: false, distDir: t.config.dataDir });
    await app.ready();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      scheduleUploadSweep(app, t.config.dataDir);
      vi.advanceTimersByTime(59_000);
      expect(stored(url!)).toBe(true);
      vi.advanceTimersByTime(1_000);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(existsSync(fileOf(url!))).toBe(false));
    await app.close();
  });

  it('two servers on one database and uploads folder sweep once between them', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp(t.config, { database: t.database, logger: false, distDir: t.config.dataDir });
        scheduleUploadSweep(app, t.config.dataDir);
        await app.ready();
        return app;
      }),
    );
    try {
      // The sweep of the test above was moments ago: not due again for six hours, in either process.
      expect(await Promise.all([a!.jobs.runDue('upload-sweep'), b!.jobs.runDue('upload-sweep')])).toEqual([
        'skipped',
        'skipped',
      ]);
      await t.db
        .update(jobLeases)
        .set({ last_started: sql`now() - interval '6 hours'` })
        .where(eq(jobLeases.name, 'upload-sweep'));
      const outcomes = await Promise.all([a!.jobs.runDue('upload-sweep'), b!.jobs.runDue('upload-sweep')]);
      expect(outcomes.sort()).toEqual(['ran', 'skipped']);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });

  it('does nothing when no upload folder exists yet', async () => {
    expect(await sweepUnusedUploads(t.db, join(t.config.dataDir, 'nothing-here'))).toEqual([]);
  });
});
