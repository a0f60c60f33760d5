import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, restaurants } from '../../server/db/schema';
import { messages } from '../../server/messages';
import { queuedStorageDeletions } from '../../server/repositories/storage-deletions';
import { thumbnailUrl, UPLOADS_URL_PREFIX, uploadsDir } from '../../server/uploads/storage';
import { sweepUnusedUploads } from '../../server/uploads/sweep';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { pngImage, uploadForm } from '../support/images';
import { type LocalS3, startLocalS3 } from './storage-fixtures';

/**
 * Uploads, replacements and deletions behave the same whether images are kept in DATA_DIR/uploads or in an S3 bucket
 * (a local S3-compatible server over real HTTP): what the API answers and the menu shows is where a browser fetches the
 * file, the database keeps the store-independent key, and nothing is left behind once a picture stops being shown.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

interface Store {
  name: string;
  env: () => Record<string, string>;
  /** Where a browser is sent for a stored file. */
  address: (t: TestApp, name: string) => string;
  /** Whether the file is in the store, asked the way a browser would (HTTP). */
  holds: (t: TestApp, name: string) => Promise<boolean>;
}

const STORES: Store[] = [
  {
    name: 'the folder DATA_DIR/uploads',
    env: () => ({}),
    address: (_t, name) => `${UPLOADS_URL_PREFIX}${name}`,
    holds: async (t, name) => {
      const res = await t.app.inject({ method: 'GET', url: `${UPLOADS_URL_PREFIX}${name}` });
      // The HTTP answer and the disk agree; both are asserted so a served-from-cache answer cannot hide a leftover.
      expect(existsSync(join(uploadsDir(t.config.dataDir), name))).toBe(res.statusCode === 200);
      return res.statusCode === 200;
    },
  },
  {
    name: 'an S3 bucket',
    env: () => s3.env,
    address: (_t, name) => s3.publicUrl(name),
    holds: async (_t, name) => (await s3.fetchObject(name)).status === 200,
  },
];

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe.each(STORES)('images kept in $name', (store) => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(store.env());
    admin = await createUser(t.app, t.db, 'admin');
    owner = await createUser(t.app, t.db, 'manager');
  });
  afterAll(() => t.close());

  /** Both files of a stored image (display and thumbnail) are in the store, or neither. */
  async function kept(key: string): Promise<boolean> {
    const name = nameOf(key);
    const [display, thumb] = await Promise.all([store.holds(t, name), store.holds(t, thumbnailUrl(name))]);
    expect(thumb).toBe(display);
    return display;
  }

  async function upload(fields: Record<string, string>, count = 1): Promise<string[]> {
    const files = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({ data: await pngImage(), filename: `${i}.png` })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/manager/upload',
      headers: owner.headers,
      payload: uploadForm(files, fields),
    });
    expect(res.statusCode).toBe(200);
    const urls: string[] = res.json().data;
    // Every answered URL is where a browser fetches the file from this store.
    for (const url of urls) expect(url).toBe(store.address(t, nameOf(url)));
    return urls;
  }

  async function restaurantRow(id: string) {
    return (await t.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!;
  }
  async function productRow(id: string) {
    return (await t.db.select().from(products).where(eq(products._id, id)))[0]!;
  }
  const keyOf = (address: string) => `${UPLOADS_URL_PREFIX}${nameOf(address)}`;

  it('answers an upload with the public address, keeps the key, and removes a replaced picture', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const [first] = await upload({ restaurant_id: r._id, type: 'image' });
    expect(first).toBe(store.address(t, nameOf(first!)));
    expect(nameOf(first!)).toMatch(/^[0-9a-f]{32}\.webp$/);
    const key = keyOf(first!);
    expect((await restaurantRow(r._id)).image).toBe(key);
    expect(await kept(key)).toBe(true);

    const [second] = await upload({ restaurant_id: r._id, type: 'image' });
    expect((await restaurantRow(r._id)).image).toBe(keyOf(second!));
    expect(await kept(keyOf(second!))).toBe(true);
    expect(await kept(key)).toBe(false);
  });

  it("answers a product's images at their public addresses and takes them back as sent", async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const category = await createCategory(t.db, r._id);
    const product = await createProduct(t.db, category._id);
    const [a, b] = await upload({ product_id: product._id }, 2);

    const list = await t.app.inject({
      method: 'GET',
      url: `/manager/products?restaurant_id=${r._id}`,
      headers: owner.headers,
    });
    expect(list.json().data[0].images).toEqual([{ file: a }, { file: b }]);

    // The panel sends back what it was given; the product keeps keys, and the image it dropped goes.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/products/${product._id}`,
      headers: owner.headers,
      payload: { images: [{ file: b }] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.images).toEqual([{ file: b }]);
    expect((await productRow(product._id)).images).toEqual([{ file: keyOf(b!) }]);
    expect(await kept(keyOf(b!))).toBe(true);
    expect(await kept(keyOf(a!))).toBe(false);
  });

  it('removes the images of a deleted product, queued in its transaction and drained by the job', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const product = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
    const keys = (await upload({ product_id: product._id }, 2)).map(keyOf);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/manager/products/${product._id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
    for (const key of keys) expect(await kept(key)).toBe(false);
    expect((await queuedStorageDeletions(t.db)).map((row) => row.key)).toEqual(expect.arrayContaining(keys));

    expect(await t.app.jobs.runDue('storage-deletions')).toBe('ran');
    expect(await queuedStorageDeletions(t.db)).toEqual([]);
  });

  it("removes a deleted restaurant's pictures and its products' images", async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const product = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
    const keys = [
      ...(await upload({ restaurant_id: r._id, type: 'image' })),
      ...(await upload({ restaurant_id: r._id, type: 'logotype' })),
      ...(await upload({ product_id: product._id })),
    ].map(keyOf);
    for (const key of keys) expect(await kept(key)).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/admin/restaurants/delete?slug=${r.slug}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
    for (const key of keys) expect(await kept(key)).toBe(false);
  });

  it('shows the public addresses on the menu page and in its JSON', async () => {
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const product = await createProduct(t.db, (await createCategory(t.db, r._id))._id);
    const [logo] = await upload({ restaurant_id: r._id, type: 'logotype' });
    const [dish] = await upload({ product_id: product._id });

    const page = await t.app.inject({ method: 'GET', url: `/menu/${r.slug}` });
    expect(page.statusCode).toBe(200);
    // The dish's thumbnail, with the display size beside it for the browser's choice.
    expect(page.body).toContain(`src="${thumbnailUrl(dish!)}"`);
    expect(page.body).toContain(`${thumbnailUrl(dish!)} 320w, ${dish} 1200w`);
    expect(page.body).toContain(thumbnailUrl(logo!));

    const data = await t.app.inject({ method: 'GET', url: `/menu/data?slug=${r.slug}` });
    const menu = data.json().data;
    expect(menu.restaurant.logotype).toBe(logo);
    expect(menu.categories[0].products[0].images).toEqual([{ file: dish }]);
  });

  it('sweeps an upload abandoned for a day', async () => {
    const [url] = await upload({});
    expect(await kept(keyOf(url!))).toBe(true);
    expect(await sweepUnusedUploads(t.db, t.config.dataDir, { now: Date.now() - 1000 })).not.toContain(keyOf(url!));
    const removed = await sweepUnusedUploads(t.db, t.config.dataDir, { now: Date.now() + 25 * 3600_000 });
    expect(removed).toContain(keyOf(url!));
    expect(await kept(keyOf(url!))).toBe(false);
  });
});

describe('a bucket store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3.env);
  });
  afterAll(() => t.close());

  it('sends a link that still names a key to its public address', async () => {
    const name = `${'ab'.repeat(16)}.webp`;
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(s3.publicUrl(name));
    expect((await t.app.inject({ method: 'GET', url: '/uploads/../secret.webp' })).statusCode).toBe(404);
  });

  it('creates a product with an uploaded image sent at its public address, and refuses one not in the bucket', async () => {
    const owner = await createUser(t.app, t.db, 'manager');
    const r = await createRestaurant(t.db, { manager_id: owner._id });
    const category = await createCategory(t.db, r._id);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/manager/upload',
      headers: owner.headers,
      payload: uploadForm([{ data: await pngImage(), filename: 'osh.png' }]),
    });
    const [address] = uploaded.json().data;
    const create = (file: string) =>
      t.app.inject({
        method: 'POST',
        url: '/manager/products',
        headers: owner.headers,
        payload: { category_id: category._id, name: 'Osh', price: 30000, images: [{ file }] },
      });

    const created = await create(address);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.images).toEqual([{ file: address }]);
    expect((await t.db.select().from(products).where(eq(products._id, created.json().data.id)))[0]!.images).toEqual([
      { file: `${UPLOADS_URL_PREFIX}${nameOf(address)}` },
    ]);

    const missing = await create(s3.publicUrl(`${'cd'.repeat(16)}.webp`));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.imageMissing);
  });
});
