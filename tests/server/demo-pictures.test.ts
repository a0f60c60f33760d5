import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { products, restaurants } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';
import { imageWork } from '../../server/uploads/image-work';
import { thumbnailUrl, UPLOADS_URL_PREFIX, uploadsDir } from '../../server/uploads/storage';
import { freshDatabase } from '../support/database';

/**
 * The tests and a restart seed the demo many times in one process: only the first seed in a process draws and encodes
 * its pictures, later ones write the same bytes under new names into their own data folder. Each seed's pictures are
 * still its own files, real WebPs in display size with their thumbnails.
 */

const opened: { database: Database; dataDir: string }[] = [];

async function seedFresh() {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-demo-pictures-'));
  opened.push({ database, dataDir });
  await seedDemo(database.db, { dataDir });
  return { db: database.db, dataDir };
}

afterAll(async () => {
  for (const { database, dataDir } of opened) {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Every picture URL the seed stored, with the size its display image and its thumbnail must have. */
async function seededPictures(db: Awaited<ReturnType<typeof seedFresh>>['db']) {
  const expected: { url: string; display: [number, number]; thumbnail: [number, number] }[] = [];
  for (const r of await db.select({ image: restaurants.image, logotype: restaurants.logotype }).from(restaurants)) {
    expected.push({ url: r.image!, display: [1200, 600], thumbnail: [320, 160] });
    expected.push({ url: r.logotype!, display: [400, 400], thumbnail: [320, 320] });
  }
  for (const p of await db.select({ images: products.images }).from(products))
    for (const image of p.images) expected.push({ url: image.file, display: [800, 600], thumbnail: [320, 240] });
  return expected;
}

async function expectStoredIn(dataDir: string, pictures: Awaited<ReturnType<typeof seededPictures>>) {
  const dir = uploadsDir(dataDir);
  // Each picture and its thumbnail, and nothing else.
  expect(readdirSync(dir).sort()).toEqual(
    pictures.flatMap(({ url }) => [url, thumbnailUrl(url)].map((u) => u.slice(UPLOADS_URL_PREFIX.length))).sort(),
  );
  for (const { url, display, thumbnail } of pictures) {
    for (const [file, size] of [
      [url, display],
      [thumbnailUrl(url), thumbnail],
    ] as const) {
      const meta = await sharp(join(dir, file.slice(UPLOADS_URL_PREFIX.length))).metadata();
      expect([meta.format, meta.width, meta.height], file).toEqual(['webp', ...size]);
    }
  }
}

describe('demo pictures', () => {
  it('a second seed in the process writes every picture anew into its own data folder, without image work', async () => {
    const first = await seedFresh();
    const firstPictures = await seededPictures(first.db);
    // 3 restaurants' covers and logotypes, and every product's image.
    expect(firstPictures.length).toBe(37);
    await expectStoredIn(first.dataDir, firstPictures);

    const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer');
    const metadata = vi.spyOn(sharp.prototype, 'metadata');
    const queued = vi.spyOn(imageWork, 'run');
    let second: Awaited<ReturnType<typeof seedFresh>>;
    try {
      second = await seedFresh();
      // Nothing drawn, decoded or encoded, and nothing waited in the image queue uploads use.
      expect(toBuffer).not.toHaveBeenCalled();
      expect(metadata).not.toHaveBeenCalled();
      expect(queued).not.toHaveBeenCalled();
    } finally {
      toBuffer.mockRestore();
      metadata.mockRestore();
      queued.mockRestore();
    }

    const secondPictures = await seededPictures(second.db);
    expect(secondPictures.length).toBe(37);
    await expectStoredIn(second.dataDir, secondPictures);
    // New names: no file is shared with the first seed's folder.
    const firstUrls = new Set(firstPictures.map((p) => p.url));
    expect(secondPictures.filter((p) => firstUrls.has(p.url))).toEqual([]);
  });
});
