import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import { blackPng, type FilePart, jpegImage, pngImage, storedFiles, uploadForm, webpImage } from '../support/images';

/**
 * Dimensions no menu photo needs are refused from the image's header, before any pixel is decoded: a tiny file can
 * declare a huge or absurdly thin image (the review's 76 KB PNG of 1 × 39,000,000 pixels took ~23 s to re-encode).
 */

let t: TestApp;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

const upload = (files: FilePart[]) =>
  t.app.inject({ method: 'POST', url: '/manager/upload', headers: manager.headers, payload: uploadForm(files) });

const refusal = (filename: string, width: number, height: number) => ({
  statusCode: 400,
  error: 'Bad Request',
  message:
    `"${filename}" rasmi menyu uchun yaroqsiz o'lchamda (${width} × ${height} piksel): rasmning har bir tomoni ` +
    "ko'pi bilan 8000 piksel, jami ko'pi bilan 40 megapiksel bo'lishi va uzun tomoni qisqa tomonidan ko'pi bilan " +
    "10 barobar uzun bo'lishi kerak.",
});

describe('POST /manager/upload: image dimensions', () => {
  it("refuses the review's 76 KB PNG of 1 × 39,000,000 pixels at once, naming the limits, storing nothing", async () => {
    const thin = blackPng(1, 39_000_000);
    expect(thin.length).toBeLessThan(100 * 1024);
    const res = await upload([{ data: thin, filename: 'ingichka.png' }]);
    expect(res.json()).toEqual(refusal('ingichka.png', 1, 39_000_000));
    expect(storedFiles(t.config.dataDir)).toEqual([]);
  });

  it('a side over 8000 px is refused in every format; 8000 px is accepted', async () => {
    const wide = { width: 8001, height: 1000 };
    for (const [data, filename] of [
      [blackPng(wide.width, wide.height), 'keng.png'],
      [await jpegImage(wide), 'keng.jpg'],
      [await webpImage(wide), 'keng.webp'],
    ] as const) {
      expect((await upload([{ data, filename }])).json()).toEqual(refusal(filename, 8001, 1000));
    }
    const tall = await upload([{ data: blackPng(1000, 8001), filename: 'baland.png' }]);
    expect(tall.json()).toEqual(refusal('baland.png', 1000, 8001));
    expect(storedFiles(t.config.dataDir)).toEqual([]);

    const widest = await upload([{ data: blackPng(8000, 1000), filename: 'eng-keng.png' }]);
    expect(widest.statusCode).toBe(200);
  });

  it('more than 40 megapixels is refused even with both sides within 8000 px', async () => {
    const res = await upload([{ data: blackPng(7000, 7000), filename: 'katta.png' }]);
    expect(res.json()).toEqual(refusal('katta.png', 7000, 7000));
  });

  it('a side more than 10 times the other is refused; exactly 10 times is accepted', async () => {
    const strip = await upload([{ data: await pngImage({ width: 3000, height: 299 }), filename: 'tasma.png' }]);
    expect(strip.json()).toEqual(refusal('tasma.png', 3000, 299));
    const column = await upload([{ data: await jpegImage({ width: 50, height: 501 }), filename: 'ustun.jpg' }]);
    expect(column.json()).toEqual(refusal('ustun.jpg', 50, 501));

    const banner = await upload([{ data: await pngImage({ width: 3000, height: 300 }), filename: 'banner.png' }]);
    expect(banner.statusCode).toBe(200);
  });

  it('one file out of limits refuses the whole upload before any image is stored', async () => {
    const before = storedFiles(t.config.dataDir);
    const res = await upload([
      { data: await pngImage(), filename: 'yaxshi.png' },
      { data: blackPng(1, 39_000_000), filename: 'ingichka.png' },
    ]);
    expect(res.json()).toEqual(refusal('ingichka.png', 1, 39_000_000));
    expect(storedFiles(t.config.dataDir)).toEqual(before);
  });
});
