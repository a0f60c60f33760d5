import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, restaurants } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';
import { BROKEN_FORM, NOT_MULTIPART } from '../../server/routes/manager/upload';
import { sniffImageFormat } from '../../server/uploads/images';
import { isStoredImageUrl } from '../../server/uploads/storage';
import { createTestApp, type TestApp } from '../support/app';
import { freshDatabase } from '../support/database';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import {
  jpegImage,
  jpegWithExif,
  noisyPng,
  pngImage,
  storedFiles,
  storedPath,
  uploadForm,
  webpImage,
} from '../support/images';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, 'admin');
  owner = await createUser(t.app, t.db, 'manager');
  other = await createUser(t.app, t.db, 'manager');
});
afterAll(() => t.close());

const upload = (form: FormData | string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/manager/upload', headers: { ...headers, ...extra }, payload: form });

async function snapshot(): Promise<string> {
  const rows = await Promise.all([
    t.db.select().from(restaurants).orderBy(restaurants._id),
    t.db.select().from(products).orderBy(products._id),
  ]);
  return JSON.stringify([rows, storedFiles(t.config.dataDir)]);
}

async function restaurantRow(id: string) {
  const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, id));
  return row!;
}
async function productRow(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products._id, id));
  return row!;
}

async function ownedProduct(managerId: string, images: { file: string }[] = []) {
  const restaurant = await createRestaurant(t.db, { manager_id: managerId });
  const category = await createCategory(t.db, restaurant._id);
  return { restaurant, product: await createProduct(t.db, category._id, { images }) };
}

const readStored = (url: string, thumbnail = false) => readFileSync(storedPath(t.config.dataDir, url, thumbnail));

describe('POST /manager/upload: restaurant pictures', () => {
  it('sets the image of an own restaurant: a WebP at most 1200 px plus a 320 px thumbnail', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const form = uploadForm([{ data: await pngImage({ width: 2400, height: 1200 }), filename: 'muqova.png' }], {
      restaurant_id: r._id,
      type: 'image',
    });
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(200);
    const { url, data } = res.json();
    expect(data).toEqual([url]);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(isStoredImageUrl(url)).toBe(true);
    expect((await restaurantRow(r._id)).image).toBe(url);

    const display = await sharp(readStored(url)).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1200, height: 600 });
    const thumb = await sharp(readStored(url, true)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 160 });
  });

  it('does not enlarge a small image', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const form = uploadForm([{ data: await jpegImage({ width: 200, height: 100 }), filename: 'kichik.jpg' }], {
      restaurant_id: r._id,
      type: 'logotype',
    });
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(await sharp(readStored(res.json().url)).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('replacing a logotype removes the old file and its thumbnail, and keeps the image', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const send = async (type: string) =>
      (
        await upload(
          uploadForm([{ data: await webpImage(), filename: 'logo.webp' }], { restaurant_id: r._id, type }),
          owner.headers,
        )
      ).json().url as string;
    const image = await send('image');
    const first = await send('logotype');
    const second = await send('logotype');
    expect(second).not.toBe(first);
    expect(await restaurantRow(r._id)).toMatchObject({ image, logotype: second });
    expect(existsSync(storedPath(t.config.dataDir, first))).toBe(false);
    expect(existsSync(storedPath(t.config.dataDir, first, true))).toBe(false);
    expect(existsSync(storedPath(t.config.dataDir, second))).toBe(true);
    expect(existsSync(storedPath(t.config.dataDir, image))).toBe(true);
  });

  it('lets an admin set the picture of any restaurant', async () => {
    const r = await createRestaurant(t.db, { manager_id: other._id });
    const form = uploadForm([{ data: await pngImage(), filename: 'a.png' }], { restaurant_id: r._id, type: 'image' });
    const res = await upload(form, admin.headers);
    expect(res.statusCode).toBe(200);
    expect((await restaurantRow(r._id)).image).toBe(res.json().url);
  });

  it('moves updatedAt of the restaurant', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const form = uploadForm([{ data: await pngImage(), filename: 'a.png' }], { restaurant_id: r._id, type: 'image' });
    await upload(form, owner.headers);
    expect(new Date((await restaurantRow(r._id)).updatedAt).getTime()).toBeGreaterThan(new Date(r.updatedAt).getTime());
  });
});

describe('POST /manager/upload: product images and plain uploads', () => {
  it('appends { file } entries to an own product, in the order sent', async () => {
    const { product } = await ownedProduct(owner._id, [{ file: '/uploads/oldimage.webp' }]);
    const form = uploadForm(
      [
        { data: await pngImage({ color: '#ff0000' }), filename: '1.png' },
        { data: await jpegImage({ color: '#00ff00' }), filename: '2.jpg', type: 'image/jpeg' },
      ],
      { product_id: product._id },
    );
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(200);
    const { url, data } = res.json();
    expect(data).toHaveLength(2);
    expect(url).toBe(data[0]);
    expect((await productRow(product._id)).images).toEqual([
      { file: '/uploads/oldimage.webp' },
      { file: data[0] },
      { file: data[1] },
    ]);
    // Red first, green second: the order of the form is kept.
    const firstPixel = async (u: string) => (await sharp(readStored(u)).raw().toBuffer()).subarray(0, 3);
    expect([...(await firstPixel(data[0]))][0]).toBeGreaterThan(200);
    expect([...(await firstPixel(data[1]))][1]).toBeGreaterThan(200);
  });

  it('refuses to go over 10 images on one product (400), keeping nothing', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => ({ file: `/uploads/old${i}.webp` }));
    const { product } = await ownedProduct(owner._id, nine);
    const before = await snapshot();
    const png = await pngImage();
    const form = uploadForm(
      [
        { data: png, filename: 'a.png' },
        { data: png, filename: 'b.png' },
      ],
      { product_id: product._id },
    );
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Mahsulotda ko'pi bilan 10 ta rasm bo'lishi mumkin.");
    expect(await snapshot()).toBe(before);
  });

  it('only stores the files when no target is sent (for a product form that sends the URLs on creation)', async () => {
    const before = await snapshot();
    const res = await upload(uploadForm([{ data: await pngImage(), filename: 'a.png' }]), owner.headers);
    expect(res.statusCode).toBe(200);
    const url = res.json().url;
    expect(existsSync(storedPath(t.config.dataDir, url))).toBe(true);
    expect(JSON.parse(await snapshot())[0]).toEqual(JSON.parse(before)[0]);
  });
});

describe('POST /manager/upload: menu change notifications', () => {
  it('announces the restaurant after a picture or a product image, nothing for a plain upload', async () => {
    const seen: (string | null)[] = [];
    t.app.onMenuChanged((id) => seen.push(id));
    const { restaurant, product } = await ownedProduct(owner._id);
    const png = await pngImage();
    await upload(
      uploadForm([{ data: png, filename: 'a.png' }], { restaurant_id: restaurant._id, type: 'image' }),
      owner.headers,
    );
    await upload(uploadForm([{ data: png, filename: 'a.png' }], { product_id: product._id }), owner.headers);
    await upload(uploadForm([{ data: png, filename: 'a.png' }]), owner.headers);
    expect(seen).toEqual([restaurant._id, restaurant._id]);
  });
});

describe('POST /manager/upload: what is refused', () => {
  it('a text file renamed .png (400 naming the file), storing nothing', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    const form = uploadForm([{ data: 'bu rasm emas, oddiy matn', filename: 'rasm.png', type: 'image/png' }], {
      restaurant_id: r._id,
      type: 'image',
    });
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"rasm.png" fayli rasm emas: faqat JPEG, PNG yoki WebP rasm yuklash mumkin.');
    expect(await snapshot()).toBe(before);
  });

  it('a GIF and an SVG, whatever they are called', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    for (const data of [gif, svg]) {
      const res = await upload(uploadForm([{ data, filename: 'x.webp', type: 'image/webp' }]), owner.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('rasm emas');
    }
  });

  it('a file with PNG magic bytes but broken content (400)', async () => {
    const broken = Buffer.concat([(await pngImage()).subarray(0, 8), Buffer.from('garbage'.repeat(100))]);
    expect(sniffImageFormat(broken)).toBe('png');
    const before = await snapshot();
    const res = await upload(uploadForm([{ data: broken, filename: 'buzuq.png' }]), owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"buzuq.png" rasmini o\'qib bo\'lmadi');
    expect(await snapshot()).toBe(before);
  });

  it('a real image over 5 MB (413), storing nothing', async () => {
    const big = await noisyPng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const before = await snapshot();
    const res = await upload(
      uploadForm([{ data: big, filename: 'katta.png' }], { restaurant_id: r._id, type: 'image' }),
      owner.headers,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Fayl hajmi 5 MB dan oshmasligi kerak.',
    });
    expect(await snapshot()).toBe(before);
  });

  it('more than 10 files (413)', async () => {
    const png = await pngImage({ width: 10, height: 10 });
    const files = Array.from({ length: 11 }, (_, i) => ({ data: png, filename: `${i}.png` }));
    const before = await snapshot();
    const res = await upload(uploadForm(files), owner.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('10 ta fayl');
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['no file', {}, 0, 'Fayl yuborilmadi'],
    ['an unknown type', { type: 'banner', restaurant_id: 'R' }, 1, '"type" maydoni noto\'g\'ri'],
    ['type without restaurant_id', { type: 'image' }, 1, '"restaurant_id" maydoni majburiy.'],
    ['restaurant_id without type', { restaurant_id: 'R' }, 1, '"type" maydoni majburiy.'],
    [
      'a restaurant_id that is no uuid',
      { restaurant_id: '42', type: 'image' },
      1,
      '"restaurant_id" maydoni noto\'g\'ri',
    ],
    ['a product_id that is no uuid', { product_id: 'abc' }, 1, '"product_id" maydoni noto\'g\'ri'],
    ['both targets', { restaurant_id: 'R', type: 'image', product_id: 'R' }, 1, 'birga yuborilmaydi'],
    ['an unknown field', { colour: 'red' }, 1, '"colour" maydoni qabul qilinmaydi.'],
    ['two files for one restaurant picture', { restaurant_id: 'R', type: 'image' }, 2, 'faqat bitta fayl'],
  ])('%s (400 naming the problem), changing nothing', async (_name, rawFields, fileCount, message) => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const fields = Object.fromEntries(Object.entries(rawFields).map(([k, v]) => [k, v === 'R' ? r._id : v]));
    const png = await pngImage();
    const files = Array.from({ length: fileCount }, (_, i) => ({ data: png, filename: `${i}.png` }));
    const before = await snapshot();
    const res = await upload(uploadForm(files, fields), owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toBe(before);
  });

  it('a file sent under another field name than files (400)', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'a.png');
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"image" maydoni qabul qilinmaydi.');
  });

  it('a JSON body instead of a form (400 in Uzbek)', async () => {
    const res = await upload(JSON.stringify({ files: ['x'] }), owner.headers, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_MULTIPART);
  });

  it('a form cut off in the middle (400)', async () => {
    const body =
      '--XYZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const res = await upload(body, owner.headers, { 'content-type': 'multipart/form-data; boundary=XYZ' });
    expect(res.statusCode).toBe(400);
    // A client error in the common shape with an Uzbek explanation, never an internal message.
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: BROKEN_FORM });
  });

  it('a field named __proto__ is a broken form (400), not a 500', async () => {
    const form = new FormData();
    form.append('__proto__', 'x');
    const res = await upload(form, owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BROKEN_FORM);
  });

  it('a field sent twice, or longer than 200 characters, is a 400 naming it', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const png = await pngImage();
    const twice = uploadForm([{ data: png, filename: 'a.png' }], { restaurant_id: r._id, type: 'image' });
    twice.append('type', 'logotype');
    const before = await snapshot();
    const doubled = await upload(twice, owner.headers);
    expect(doubled.statusCode).toBe(400);
    expect(doubled.json().message).toBe('"type" maydoni bir marta yuborilishi kerak.');
    const long = await upload(
      uploadForm([{ data: png, filename: 'a.png' }], { product_id: 'x'.repeat(201) }),
      owner.headers,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('"product_id" maydoni noto\'g\'ri.');
    expect(await snapshot()).toBe(before);
  });

  it('skips the empty part a browser sends for a file input left empty', async () => {
    const { product } = await ownedProduct(owner._id);
    const png = (await pngImage()).toString('latin1');
    const field = `--XYZ\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n${product._id}\r\n`;
    const file = (filename: string, data: string) =>
      `--XYZ\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${data}\r\n`;
    const body = `${field}${file('', '')}${file('a.png', png)}--XYZ--\r\n`;
    const res = await upload(Buffer.from(body, 'latin1') as unknown as string, owner.headers, {
      'content-type': 'multipart/form-data; boundary=XYZ',
    });
    expect(res.statusCode).toBe(200);
    expect((await productRow(product._id)).images).toHaveLength(1);
  });

  it('a file part without a filename is checked like any file (400 naming it "fayl"), not a 500', async () => {
    const body =
      '--XYZ\r\nContent-Disposition: form-data; name="files"\r\nContent-Type: application/octet-stream\r\n\r\nnot an image\r\n--XYZ--\r\n';
    const before = await snapshot();
    const res = await upload(body, owner.headers, { 'content-type': 'multipart/form-data; boundary=XYZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"fayl"');
    expect(await snapshot()).toBe(before);
  });
});

describe('POST /manager/upload: metadata', () => {
  it('drops EXIF (camera, owner, GPS) and turns the image upright by its orientation', async () => {
    const input = await jpegWithExif();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.orientation).toBe(6);
    expect(input.includes(Buffer.from('Secret Owner'))).toBe(true);

    const res = await upload(uploadForm([{ data: input, filename: 'telefon.jpg', type: 'image/jpeg' }]), owner.headers);
    expect(res.statusCode).toBe(200);
    for (const thumbnail of [false, true]) {
      const stored = readStored(res.json().url, thumbnail);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Secret'))).toBe(false);
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
      if (!thumbnail) expect(meta).toMatchObject({ width: 200, height: 300 });
    }
  });
});

describe('POST /manager/upload: who may upload where', () => {
  it("answers 404 for another manager's restaurant or product, writing nothing", async () => {
    const theirs = await createRestaurant(t.db, { manager_id: other._id });
    const { product } = await ownedProduct(other._id);
    const png = await pngImage();
    const before = await snapshot();
    const a = await upload(
      uploadForm([{ data: png, filename: 'a.png' }], { restaurant_id: theirs._id, type: 'image' }),
      owner.headers,
    );
    expect(a.statusCode).toBe(404);
    expect(a.json().message).toBe('Restoran topilmadi.');
    const b = await upload(uploadForm([{ data: png, filename: 'a.png' }], { product_id: product._id }), owner.headers);
    expect(b.statusCode).toBe(404);
    expect(b.json().message).toBe('Mahsulot topilmadi.');
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for ids that do not exist', async () => {
    const png = await pngImage();
    const ghost = '00000000-0000-4000-8000-000000000000';
    const a = await upload(
      uploadForm([{ data: png, filename: 'a.png' }], { restaurant_id: ghost, type: 'image' }),
      admin.headers,
    );
    expect(a.statusCode).toBe(404);
    const b = await upload(uploadForm([{ data: png, filename: 'a.png' }], { product_id: ghost }), admin.headers);
    expect(b.statusCode).toBe(404);
  });

  it('authorization matrix: anonymous, admin, owning manager, other manager', async () => {
    const png = await pngImage({ width: 50, height: 50 });
    const expected = { anonymous: 401, badToken: 401, admin: 200, owner: 200, other: 404 } as const;
    const headers = {
      anonymous: {},
      badToken: { authorization: 'Bearer x.y.z' },
      admin: admin.headers,
      owner: owner.headers,
      other: other.headers,
    };
    for (const [who, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const { restaurant, product } = await ownedProduct(owner._id);
      const targets: Record<string, string>[] = [
        { restaurant_id: restaurant._id, type: 'image' },
        { product_id: product._id },
      ];
      for (const fields of targets) {
        const before = await snapshot();
        const res = await upload(uploadForm([{ data: png, filename: 'a.png' }], fields), headers[who]);
        expect(res.statusCode, `${who} ${JSON.stringify(Object.keys(fields))}`).toBe(status);
        if (status >= 400) expect(await snapshot()).toBe(before);
      }
      if (status === 200) {
        expect((await restaurantRow(restaurant._id)).image).toMatch(/^\/uploads\//);
        expect((await productRow(product._id)).images).toHaveLength(1);
      }
    }
  });
});

describe('GET /uploads/*', () => {
  it('serves a stored image as WebP, cached for a year as immutable', async () => {
    const res = await upload(uploadForm([{ data: await pngImage(), filename: 'a.png' }]), owner.headers);
    const url = res.json().url as string;
    for (const path of [url, url.replace(/\.webp$/, '-thumb.webp')]) {
      const file = await t.app.inject({ method: 'GET', url: path });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(readStored(path))).toBe(true);
    }
  });

  it('answers a JSON 404 for a missing file and never leaves the uploads folder', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusCode).toBe(404);
    for (const url of ['/uploads/..%2f..%2fpackage.json', '/uploads/../package.json', '/uploads/.secret.webp']) {
      const outside = await t.app.inject({ method: 'GET', url });
      expect(outside.statusCode).toBe(404);
      expect(outside.body).not.toContain('"dependencies"');
    }
  });

  it('deleting the restaurant removes the files uploaded for it', async () => {
    const { restaurant, product } = await ownedProduct(owner._id);
    const png = await pngImage();
    const picture = (
      await upload(
        uploadForm([{ data: png, filename: 'a.png' }], { restaurant_id: restaurant._id, type: 'logotype' }),
        owner.headers,
      )
    ).json().url;
    const photo = (
      await upload(uploadForm([{ data: png, filename: 'b.png' }], { product_id: product._id }), owner.headers)
    ).json().url;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/admin/restaurants/delete?slug=${restaurant.slug}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    for (const url of [picture, photo]) {
      expect(existsSync(storedPath(t.config.dataDir, url))).toBe(false);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('demo seed (DEMO=1)', () => {
  it('gives restaurants an image and a logotype and products an image, as stored WebP files, once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'menyu-demo-'));
    const database = await freshDatabase();
    try {
      await seedDemo(database.db, { dataDir });
      const seeded = await database.db.select().from(restaurants);
      expect(seeded.length).toBeGreaterThan(0);
      const urls: string[] = [];
      for (const r of seeded) {
        expect(isStoredImageUrl(r.image!)).toBe(true);
        expect(isStoredImageUrl(r.logotype!)).toBe(true);
        urls.push(r.image!, r.logotype!);
      }
      const dishes = await database.db
        .select({ images: products.images })
        .from(products)
        .innerJoin(categories, eq(categories._id, products.category_id));
      expect(dishes.length).toBeGreaterThan(0);
      for (const dish of dishes) {
        expect(dish.images).toHaveLength(1);
        urls.push(dish.images[0]!.file);
      }
      for (const url of urls) {
        const meta = await sharp(readFileSync(storedPath(dataDir, url))).metadata();
        expect(meta.format).toBe('webp');
        expect(existsSync(storedPath(dataDir, url, true))).toBe(true);
      }
      const files = storedFiles(dataDir);
      expect(files).toHaveLength(urls.length * 2);

      await seedDemo(database.db, { dataDir });
      expect(storedFiles(dataDir)).toEqual(files);
      expect(await database.db.select().from(restaurants)).toHaveLength(seeded.length);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
