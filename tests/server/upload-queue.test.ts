import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeImages } from '../../server/uploads/images';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { type FilePart, heavyPng, pngImage, slowPng, storedFiles, storedPath, uploadForm } from '../support/images';

/**
 * Image work cannot starve the rest of the server: re-encoding shares libuv's thread pool with scrypt (login), gzip
 * and file reads (/uploads/*), so uploads run one at a time through a bounded queue, and a slow image is cut off.
 */

let t: TestApp;
let manager: TestUser;

beforeAll(async () => {
  // A loaded test machine can take longer than the server's 10 s over one of these images: this file is about the
  // queue, not the time limit (tested below on the image work itself).
  t = await createTestApp({ IMAGE_TIMEOUT_SECONDS: '120' });
  manager = await createUser(t.app, t.db, 'manager');
  await heavyPng();
}, 60_000);
afterAll(() => t.close());

const upload = (files: FilePart[]) =>
  t.app.inject({ method: 'POST', url: '/manager/upload', headers: manager.headers, payload: uploadForm(files) });

/** sharp's tasks waiting for a libuv thread plus those running: it only goes down when an image task finishes. */
function sharpTasks(): number {
  const { queue, process } = sharp.counters();
  return queue + process;
}

/** Resolves once sharp is decoding and no upload is still being admitted (the count held still for 100 ms). */
async function imageWorkUnderWay(): Promise<void> {
  let last = -1;
  let stillFor = 0;
  while (stillFor < 5) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = sharpTasks();
    stillFor = sharp.counters().process > 0 && now === last ? stillFor + 1 : 0;
    last = now;
  }
}

function tracked<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.finally(() => {
    state.settled = true;
  });
  return state;
}

describe('image work and the rest of the server', () => {
  it('a login, a cold menu page and a stored image answer while heavy uploads are still being decoded', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: manager._id });
    const category = await createCategory(t.db, restaurant._id);
    await createProduct(t.db, category._id);
    const stored = (await upload([{ data: await pngImage(), filename: 'bor.png' }])).json().url as string;

    const heavy = await heavyPng();
    const uploads = [1, 2, 3].map((i) => tracked(upload([{ data: heavy, filename: `ogir-${i}.png` }])));
    await imageWorkUnderWay();
    const tasksBefore = sharpTasks();

    const [login, menu, image] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { login: manager.login, password: manager.password },
      }),
      // gzip runs on the thread pool too; the menu is cold (nothing has read it yet).
      t.app.inject({ method: 'GET', url: `/menu?slug=${restaurant.slug}`, headers: { 'accept-encoding': 'gzip' } }),
      t.app.inject({ method: 'GET', url: stored }),
    ]);
    // Not one image task has finished meanwhile: these answers did not wait for image work.
    expect(sharpTasks()).toBe(tasksBefore);
    expect(uploads.map((u) => u.settled)).toEqual([false, false, false]);
    expect(login.statusCode).toBe(200);
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['content-encoding']).toBe('gzip');
    expect(image.statusCode).toBe(200);

    for (const res of await Promise.all(uploads.map((u) => u.promise))) {
      expect(res.statusCode).toBe(200);
      const display = await sharp(storedPath(t.config.dataDir, res.json().url as string)).metadata();
      expect(display).toMatchObject({ format: 'webp', width: 1200, height: 750 });
    }
  }, 120_000);

  it('beyond 8 uploads waiting, one more is refused at once with 503 and Retry-After, storing nothing', async () => {
    // Two heavy images (~4 s of work here): the quick uploads are all admitted long before the queue moves.
    const heavy = await heavyPng();
    const slow = tracked(
      upload([
        { data: heavy, filename: 'ogir-1.png' },
        { data: heavy, filename: 'ogir-2.png' },
      ]),
    );
    await imageWorkUnderWay();
    const before = storedFiles(t.config.dataDir).length;

    const small = await pngImage({ width: 40, height: 30 });
    const quick = Array.from({ length: 9 }, (_, i) => tracked(upload([{ data: small, filename: `kichik-${i}.png` }])));
    // The first refusal, or none once every quick upload has answered.
    const refused = await Promise.race([
      ...quick.map((u) => u.promise.then((res) => (res.statusCode === 503 ? res : new Promise<never>(() => {})))),
      Promise.all(quick.map((u) => u.promise)).then(() => undefined),
    ]);
    expect(slow.settled).toBe(false);
    expect(refused?.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: "Hozir juda ko'p rasm qayta ishlanmoqda. Iltimos, bir necha soniyadan so'ng qayta yuklang.",
    });
    expect(refused?.headers['retry-after']).toBe('10');

    expect((await slow.promise).statusCode).toBe(200);
    const answers = await Promise.all(quick.map((u) => u.promise));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 503]);
    // The 2 slow images and the 8 that waited, each a display image and a thumbnail; nothing of the refused one.
    expect(storedFiles(t.config.dataDir).length).toBe(before + 2 * 10);
  }, 120_000);
});

describe('the time limit per image', () => {
  // Retried as a last guard for a loaded machine (libvips reads its clock between chunks); a limit that never works
  // fails every try. The image's making (about 9 s) is in the first try's time.
  it('stops an image that takes longer with an Uzbek 503, leaves no file and frees the queue', {
    retry: 2,
    timeout: 90_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'menyu-timeout-'));
    try {
      const heavy = { filename: 'ogir.png', data: await slowPng() };
      // Well over a second of decoding against a 1 s limit (the server's limit is 10 s).
      await expect(storeImages(dataDir, [heavy], { timeoutSeconds: 1 })).rejects.toMatchObject({
        statusCode: 503,
        message:
          '"ogir.png" rasmini qayta ishlash 1 soniyadan uzoq davom etdi: kichikroq rasm yuboring yoki birozdan so\'ng ' +
          "qayta urinib ko'ring.",
      });
      expect(storedFiles(dataDir)).toEqual([]);

      const next = await storeImages(dataDir, [{ filename: 'keyingi.png', data: await pngImage() }], {
        timeoutSeconds: 1,
      });
      expect(next).toHaveLength(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
