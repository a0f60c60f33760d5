import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { seedBenchData } from '../../server/dev/bench-data';
import { IMAGE_MISSING } from '../../server/routes/manager/products';
import { uploadsDir } from '../../server/uploads/storage';
import {
  createCategory,
  createOption,
  createProduct,
  createRestaurant,
  createRow,
  createUser,
} from '../support/fixtures';
import {
  type Caller,
  itAnswersTheAuthorizationMatrix,
  type MatrixCall,
  menuSnapshot,
  setupTenants,
} from '../support/tenants';

const OLD = '2020-01-01T00:00:00.000Z';
const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const t = setupTenants();

/** A restaurant of the owner with one category (both active unless told). */
async function ownedCategory(restaurant: { is_active?: boolean } = {}, category: { is_active?: boolean } = {}) {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id, ...restaurant });
  const c = await createCategory(t.db, r._id, category);
  return { r, c };
}

function storeFiles(...names: string[]) {
  const dir = uploadsDir(t.config.dataDir);
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    writeFileSync(join(dir, `${name}.webp`), 'x');
    writeFileSync(join(dir, `${name}-thumb.webp`), 'x');
  }
  return (name: string) => existsSync(join(dir, `${name}.webp`)) || existsSync(join(dir, `${name}-thumb.webp`));
}

describe('authorization matrix: product calls', () => {
  const calls: MatrixCall[] = [
    {
      name: 'GET /manager/products?category_id',
      ok: 200,
      make: async () => ({ method: 'GET', url: `/manager/products?category_id=${(await ownedCategory()).c._id}` }),
    },
    {
      name: 'POST /manager/products',
      ok: 201,
      make: async () => ({
        method: 'POST',
        url: '/manager/products',
        payload: { name: 'Osh', category_id: (await ownedCategory()).c._id, price: 30000 },
      }),
    },
    {
      name: 'PUT /manager/products/:id',
      ok: 200,
      make: async () => {
        const p = await createProduct(t.db, (await ownedCategory()).c._id);
        return { method: 'PUT', url: `/manager/products/${p._id}`, payload: { price: 1 } };
      },
    },
    {
      name: 'DELETE /manager/products/:id',
      ok: 200,
      make: async () => {
        const p = await createProduct(t.db, (await ownedCategory()).c._id);
        await createRow(t.db, (await createOption(t.db, p._id))._id);
        return { method: 'DELETE', url: `/manager/products/${p._id}` };
      },
    },
  ];
  itAnswersTheAuthorizationMatrix(t, calls);

  // Public reads: what anonymous callers and other managers may see depends on the restaurant and category.
  const reads: { name: string; url: (ids: { c: string; p: string }) => string }[] = [
    { name: 'GET /user/products/category/', url: ({ c }) => `/user/products/category/?category_id=${c}` },
    { name: 'GET /user/products/:id', url: ({ p }) => `/user/products/${p}` },
  ];
  const places = [
    { place: 'an active restaurant and category', restaurant: {}, category: {}, public: 200 },
    { place: 'an inactive restaurant', restaurant: { is_active: false }, category: {}, public: 404 },
    { place: 'an inactive category', restaurant: {}, category: { is_active: false }, public: 404 },
  ];
  for (const { name, url } of reads) {
    for (const { place, restaurant, category, public: publicStatus } of places) {
      for (const caller of ['anonymous', 'other', 'admin', 'owner'] as Caller[]) {
        const status = caller === 'admin' || caller === 'owner' ? 200 : publicStatus;
        it(`${name} in ${place} as ${caller} answers ${status}`, async () => {
          const { c } = await ownedCategory(restaurant, category);
          const p = await createProduct(t.db, c._id);
          const res = await t.call(caller, { url: url({ c: c._id, p: p._id }) });
          expect(res.statusCode).toBe(status);
        });
      }
    }
  }
});

describe('GET /manager/products', () => {
  it("answers the manager's products in menu order, filtered by category or restaurant", async () => {
    const m = await createUser(t.app, t.db, 'manager');
    const r = await createRestaurant(t.db, { manager_id: m._id });
    const later = await createCategory(t.db, r._id, { position: 1 });
    const first = await createCategory(t.db, r._id, { position: 0 });
    const p3 = await createProduct(t.db, later._id);
    const p2 = await createProduct(t.db, first._id, { position: 1 });
    const p1 = await createProduct(t.db, first._id, { position: 0 });
    await createProduct(t.db, (await ownedCategory()).c._id);
    const all = await t.app.inject({ url: '/manager/products', headers: m.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((p: { _id: string }) => p._id)).toEqual([p1._id, p2._id, p3._id]);
    expect(all.json().data[0]).toEqual({
      _id: p1._id,
      name: p1.name,
      category_id: first._id,
      description: '',
      price: 25000,
      is_active: true,
      images: [],
      position: 0,
      pos_stopped: false,
      portion: null,
      calories: null,
      spiciness: 0,
      tags: [],
      allergens: [],
      schedule: null,
      ikpu: null,
      package_code: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const byCategory = await t.app.inject({ url: `/manager/products?category_id=${later._id}`, headers: m.headers });
    expect(byCategory.json().data.map((p: { _id: string }) => p._id)).toEqual([p3._id]);
    const byRestaurant = await t.call('admin', { url: `/manager/products?restaurant_id=${r._id}` });
    expect(byRestaurant.json().data).toHaveLength(3);
  });

  it('requires a filter from an admin, and refuses bad or foreign filters', async () => {
    expect((await t.call('admin', { url: '/manager/products' })).statusCode).toBe(400);
    expect((await t.call('owner', { url: '/manager/products?category_id=x' })).json().message).toContain(
      '"category_id"',
    );
    const foreign = await createRestaurant(t.db, { manager_id: t.other._id });
    expect((await t.call('owner', { url: `/manager/products?restaurant_id=${foreign._id}` })).statusCode).toBe(404);
  });
});

describe('POST /manager/products', () => {
  const create = (payload: Record<string, unknown>, caller: Caller = 'owner') =>
    t.call(caller, { method: 'POST', url: '/manager/products', payload });

  it('answers 201 with data.id, applies defaults and goes last in its category', async () => {
    const { r, c } = await ownedCategory();
    await createProduct(t.db, c._id, { position: 7 });
    const res = await create({ name: ' Manti ', category_id: c._id, price: 12500.5 });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      id: data._id,
      _id: expect.any(String),
      name: 'Manti',
      category_id: c._id,
      description: '',
      price: 12500.5,
      is_active: true,
      images: [],
      position: 8,
      pos_stopped: false,
      portion: null,
      calories: null,
      spiciness: 0,
      tags: [],
      allergens: [],
      schedule: null,
      ikpu: null,
      package_code: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(t.changed).toEqual([r._id]);
  });

  it('keeps the fiscal codes a receipt needs: 17 digits of IKPU and a package code, null removes them', async () => {
    const { c } = await ownedCategory();
    const ikpu = '10202001001000000';
    const res = await create({ name: 'Osh', category_id: c._id, price: 45000, ikpu, package_code: '1501296' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ ikpu, package_code: '1501296' });
    const id = res.json().data._id;
    const cleared = await t.call('owner', { method: 'PUT', url: `/manager/products/${id}`, payload: { ikpu: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ ikpu: null, package_code: '1501296' });
    for (const bad of [{ ikpu: '1020200100100000' }, { ikpu: '1020200100100000x' }, { package_code: 'abc' }]) {
      const refused = await t.call('owner', { method: 'PUT', url: `/manager/products/${id}`, payload: bad });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('stores the description trimmed, is_active false and uploaded images', async () => {
    storeFiles('abc-123', 'def');
    const { c } = await ownedCategory();
    const images = [{ file: '/uploads/abc-123.webp' }, { file: '/uploads/def.webp' }];
    const res = await create({
      name: 'Somsa',
      category_id: c._id,
      price: 0,
      description: ' Tandirda  ',
      is_active: false,
      images,
    });
    expect(res.json().data).toMatchObject({ description: 'Tandirda', is_active: false, images, price: 0 });
  });

  it.each([
    ['a negative price', { price: -1 }, 'price'],
    ['a non-numeric price', { price: 'abc' }, 'price'],
    ['a numeric string price', { price: '25000' }, 'price'],
    ['an absurd price', { price: 1e15 }, 'price'],
    ['a missing price', { price: undefined }, 'price'],
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '  ' }, 'Mahsulot nomi'],
    ['an over-long name', { name: 'n'.repeat(201) }, 'name'],
    ['an over-long description', { description: 'd'.repeat(2001) }, 'description'],
    ['a missing category_id', { category_id: undefined }, 'category_id'],
    ['a bad category_id', { category_id: '12' }, 'category_id'],
    ['a foreign image URL', { images: [{ file: 'https://evil.example/x.webp' }] }, 'images'],
    ['an image URL escaping uploads', { images: [{ file: '/uploads/../secret.webp' }] }, 'images'],
    ['images of the wrong shape', { images: ['/uploads/a.webp'] }, 'images'],
    ['a string is_active', { is_active: 'true' }, 'is_active'],
    ['an unknown field', { pos_stopped: true }, 'pos_stopped'],
  ])('answers %s with 400 naming the field and creates nothing', async (_name, fields, field) => {
    const { c } = await ownedCategory();
    const before = await menuSnapshot(t.db);
    const res = await create({ name: 'Osh', category_id: c._id, price: 30000, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers 404 for an unknown category or one of another manager', async () => {
    const foreign = await createCategory(t.db, (await createRestaurant(t.db, { manager_id: t.other._id }))._id);
    const before = await menuSnapshot(t.db);
    for (const category_id of [foreign._id, UNKNOWN]) {
      const res = await create({ name: 'Osh', category_id, price: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Kategoriya topilmadi.');
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });
});

describe('PUT /manager/products/:id', () => {
  const update = (id: string, payload: unknown, caller: Caller = 'owner') =>
    t.call(caller, { method: 'PUT', url: `/manager/products/${id}`, payload: payload as object });

  it('changes only the sent fields and bumps updatedAt', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { description: 'Eski', is_active: false, updatedAt: OLD });
    const res = await update(p._id, { price: 41000 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: p.name, description: 'Eski', is_active: false, price: 41000, images: [] });
    expect(data.updatedAt).not.toBe(OLD);
    const again = await update(p._id, { name: ' Yangi ', description: '' });
    expect(again.json().data).toMatchObject({ name: 'Yangi', description: '', price: 41000, is_active: false });
    const described = await update(p._id, { description: '  Issiq  ' });
    expect(described.json().data.description).toBe('Issiq');
  });

  it('keeps its place when the category sent is the one it is in', async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { position: 0 });
    await createProduct(t.db, c._id, { position: 1 });
    const res = await update(p._id, { category_id: c._id, price: 5000 });
    expect(res.json().data).toMatchObject({ category_id: c._id, position: 0, price: 5000 });
  });

  it('a manual is_active change clears the POS stop mark (and does not touch the category)', async () => {
    const { c } = await ownedCategory({}, { is_active: false });
    const p = await createProduct(t.db, c._id, { is_active: false, pos_stopped: true });
    const res = await update(p._id, { is_active: true });
    expect(res.json().data).toMatchObject({ is_active: true, pos_stopped: false });
    const listed = await t.call('owner', { url: `/manager/category?restaurant_id=${c.restaurant_id}` });
    expect(listed.json().categories[0].is_active).toBe(false);
  });

  it('moves a product to the end of another category of the same restaurant', async () => {
    const { r, c } = await ownedCategory();
    const target = await createCategory(t.db, r._id);
    await createProduct(t.db, target._id, { position: 2 });
    const p = await createProduct(t.db, c._id);
    const res = await update(p._id, { category_id: target._id }, 'admin');
    expect(res.json().data).toMatchObject({ category_id: target._id, position: 3 });
  });

  it("refuses a category of another restaurant (400) and another manager's category (404)", async () => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id);
    const ownSecond = await ownedCategory();
    const foreign = await createCategory(t.db, (await createRestaurant(t.db, { manager_id: t.other._id }))._id);
    const before = await menuSnapshot(t.db);
    const cross = await update(p._id, { category_id: ownSecond.c._id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().message).toContain('"category_id"');
    expect((await update(p._id, { category_id: foreign._id })).statusCode).toBe(404);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('refuses an image URL whose file is gone (400, nothing created), on create and when added by an edit', async () => {
    storeFiles('here-1');
    const { c } = await ownedCategory();
    const before = await menuSnapshot(t.db);
    const payload = { name: 'Osh', category_id: c._id, price: 1, images: [{ file: '/uploads/gone-2.webp' }] };
    const res = await t.call('owner', { method: 'POST', url: '/manager/products', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_MISSING);
    expect(await menuSnapshot(t.db)).toBe(before);

    // A product whose stored file has since disappeared can still be edited: only newly added URLs are checked.
    const p = await createProduct(t.db, c._id, { images: [{ file: '/uploads/lost-1.webp' }] });
    const added = await update(p._id, { images: [{ file: '/uploads/lost-1.webp' }, { file: '/uploads/gone-2.webp' }] });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(IMAGE_MISSING);
    const kept = await update(p._id, { images: [{ file: '/uploads/here-1.webp' }, { file: '/uploads/lost-1.webp' }] });
    expect(kept.json().data.images).toEqual([{ file: '/uploads/here-1.webp' }, { file: '/uploads/lost-1.webp' }]);
  });

  it('replaces images and deletes the files no longer used', async () => {
    const exists = storeFiles('keep-1', 'drop-1');
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, {
      images: [{ file: '/uploads/keep-1.webp' }, { file: '/uploads/drop-1.webp' }],
    });
    const res = await update(p._id, { images: [{ file: '/uploads/keep-1.webp' }] });
    expect(res.json().data.images).toEqual([{ file: '/uploads/keep-1.webp' }]);
    expect(exists('keep-1')).toBe(true);
    expect(exists('drop-1')).toBe(false);
  });

  it.each([
    ['an empty body', {}, 'kamida bitta maydon'],
    ['a negative price', { price: -5 }, '"price"'],
    ['a blank name', { name: ' ' }, 'Mahsulot nomi'],
    ['a null description', { description: null }, '"description"'],
  ])('answers %s with 400 and changes nothing', async (_name, payload, text) => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id);
    const before = await menuSnapshot(t.db);
    const res = await update(p._id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers 404 for an unknown product', async () => {
    const res = await update(UNKNOWN, { price: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Mahsulot topilmadi.');
  });
});

describe('DELETE /manager/products/:id', () => {
  it('deletes the product, its options and rows and its image files', async () => {
    const exists = storeFiles('prod-img');
    const { r, c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { images: [{ file: '/uploads/prod-img.webp' }] });
    const sibling = await createProduct(t.db, c._id);
    const o = await createOption(t.db, p._id);
    const row = await createRow(t.db, o._id);
    const res = await t.call('owner', { method: 'DELETE', url: `/manager/products/${p._id}` });
    expect(res.json()).toEqual({ success: true, message: "Mahsulot muvaffaqiyatli o'chirildi!" });
    const ids = (JSON.parse(await menuSnapshot(t.db)) as { _id: string }[][]).flat().map((x) => x._id);
    expect(ids).not.toEqual(expect.arrayContaining([p._id]));
    expect(ids).not.toContain(o._id);
    expect(ids).not.toContain(row._id);
    expect(ids).toContain(sibling._id);
    expect(exists('prod-img')).toBe(false);
    expect(t.changed).toEqual([r._id]);
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect((await t.call('owner', { method: 'DELETE', url: `/manager/products/${UNKNOWN}` })).statusCode).toBe(404);
    expect((await t.call('owner', { method: 'DELETE', url: '/manager/products/zzz' })).statusCode).toBe(400);
  });
});

describe('public product reads', () => {
  async function menu() {
    const { r, c } = await ownedCategory();
    const second = await createProduct(t.db, c._id, { position: 1, is_active: false, description: 'Stop-listda' });
    const first = await createProduct(t.db, c._id, { position: 0, images: [{ file: '/uploads/a.webp' }] });
    const size = await createOption(t.db, first._id, { name: 'Hajmi' });
    const small = await createRow(t.db, size._id, { name: '0.5 l', price: 0 });
    const big = await createRow(t.db, size._id, { name: '1 l', price: 9000.5 });
    const extra = await createOption(t.db, first._id, { name: "Qo'shimcha" });
    return { r, c, first, second, size, small, big, extra };
  }

  it('GET /user/products/category/ answers data.products in order with options, rows and counts', async () => {
    const { c, first, second, size, small, big, extra } = await menu();
    const res = await t.call('anonymous', { url: `/user/products/category/?category_id=${c._id}` });
    expect(res.statusCode).toBe(200);
    const { products: list, count } = res.json().data;
    expect(count).toEqual({ all_count: 2, active_count: 1, inactive_count: 1 });
    expect(list.map((p: { _id: string }) => p._id)).toEqual([first._id, second._id]);
    const rowShape = (row: typeof small) => ({
      _id: row._id,
      product_option_id: size._id,
      name: row.name,
      price: row.price,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
    expect(list[0]).toEqual({
      _id: first._id,
      name: first.name,
      category_id: c._id,
      description: '',
      price: 25000,
      is_active: true,
      images: [{ file: '/uploads/a.webp' }],
      position: 0,
      pos_stopped: false,
      portion: null,
      calories: null,
      spiciness: 0,
      tags: [],
      allergens: [],
      schedule: null,
      createdAt: first.createdAt,
      updatedAt: first.updatedAt,
      options: [
        {
          _id: size._id,
          product_id: first._id,
          name: 'Hajmi',
          required: false,
          min_choices: 0,
          max_choices: 1,
          createdAt: size.createdAt,
          updatedAt: size.updatedAt,
          rows: [rowShape(small), rowShape(big)],
        },
        {
          _id: extra._id,
          product_id: first._id,
          name: "Qo'shimcha",
          required: false,
          min_choices: 0,
          max_choices: 1,
          createdAt: extra.createdAt,
          updatedAt: extra.updatedAt,
          rows: [],
        },
      ],
      rows: [rowShape(small), rowShape(big)],
    });
    // A stop-listed product is listed, greyed by the menu: is_active false.
    expect(list[1]).toMatchObject({ is_active: false, description: 'Stop-listda', options: [], rows: [] });
  });

  it('answers the same without the trailing slash', async () => {
    const { c } = await menu();
    const res = await t.call('anonymous', { url: `/user/products/category?category_id=${c._id}` });
    expect(res.json().data.count.all_count).toBe(2);
  });

  it('reads a whole category in one database round trip (no query per product)', async () => {
    const { c } = await menu();
    for (let i = 0; i < 5; i++) await createOption(t.db, (await createProduct(t.db, c._id))._id);
    const execute = vi.spyOn(t.db, 'execute');
    const select = vi.spyOn(t.db, 'select');
    try {
      const res = await t.call('anonymous', { url: `/user/products/category/?category_id=${c._id}` });
      expect(res.json().data.products).toHaveLength(7);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(select).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
      select.mockRestore();
    }
  });

  it('serves repeated reads from memory until a write to the restaurant', async () => {
    const { r, c, first } = await menu();
    const url = `/user/products/category/?category_id=${c._id}`;
    const productUrl = `/user/products/${first._id}`;
    await t.call('anonymous', { url });
    await t.call('anonymous', { url: productUrl });
    const execute = vi.spyOn(t.db, 'execute');
    try {
      expect((await t.call('anonymous', { url })).statusCode).toBe(200);
      expect((await t.call('anonymous', { url: productUrl })).statusCode).toBe(200);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
    // A write through the API drops the cached reads at once.
    await t.call('owner', { method: 'PUT', url: `/manager/products/${first._id}`, payload: { price: 777 } });
    expect((await t.call('anonymous', { url })).json().data.products[0].price).toBe(777);
    expect((await t.call('anonymous', { url: productUrl })).json().data.price).toBe(777);
    await t.call('owner', {
      method: 'PUT',
      url: '/manager/products/availability',
      payload: { ids: [first._id], is_active: false },
    });
    // The stop-list emptied the category: the cascade hid it from the public, its owner still sees it.
    expect((await t.call('anonymous', { url })).statusCode).toBe(404);
    expect((await t.call('owner', { url })).json().data.count.active_count).toBe(0);
    await t.call('owner', {
      method: 'PUT',
      url: '/manager/products/availability',
      payload: { ids: [first._id], is_active: true },
    });
    expect((await t.call('anonymous', { url })).json().data.count.active_count).toBe(1);
    // Any write to the restaurant announced by another module (here: deactivating it) applies too.
    await t.db.update(restaurants).set({ is_active: false }).where(eq(restaurants._id, r._id));
    t.app.menuChanged(r._id);
    expect((await t.call('anonymous', { url })).statusCode).toBe(404);
    expect((await t.call('anonymous', { url: productUrl })).statusCode).toBe(404);
    expect((await t.call('owner', { url })).statusCode).toBe(200);
  });

  it('GET /user/products/:id answers data with options and rows', async () => {
    const { first, size, small, big } = await menu();
    const res = await t.call('anonymous', { url: `/user/products/${first._id}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ _id: first._id, name: first.name, price: 25000 });
    expect(data.options[0]).toMatchObject({
      _id: size._id,
      rows: [{ _id: small._id }, { _id: big._id, price: 9000.5 }],
    });
    expect(data.rows.map((row: { _id: string }) => row._id)).toEqual([small._id, big._id]);
  });

  it('answers 400 for a missing or bad id and 404 for an unknown one', async () => {
    const missing = await t.call('anonymous', { url: '/user/products/category/' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('"category_id"');
    expect((await t.call('anonymous', { url: '/user/products/category/?category_id=1' })).statusCode).toBe(400);
    expect((await t.call('anonymous', { url: `/user/products/category/?category_id=${UNKNOWN}` })).statusCode).toBe(
      404,
    );
    expect((await t.call('anonymous', { url: '/user/products/not-a-uuid' })).json().message).toContain('"id"');
    expect((await t.call('anonymous', { url: `/user/products/${UNKNOWN}` })).statusCode).toBe(404);
  });
});

describe('seedBenchData', () => {
  it('loads full menus with multi-row inserts and answers a sample the public reads serve', async () => {
    const sample = await seedBenchData(t.db, { restaurants: 3, productsPerRestaurant: 45, slugPrefix: 'bench-test' });
    expect(sample.totals).toEqual({ restaurants: 3, categories: 9, products: 135, options: 72, rows: 216 });
    expect(sample.slug).toBe('bench-test-2');
    const res = await t.call('anonymous', { url: `/user/products/category/?category_id=${sample.categoryId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toEqual({ all_count: 20, active_count: 18, inactive_count: 2 });
    expect(res.json().data.products[0]).toMatchObject({ _id: sample.productId, position: 0 });
    expect(res.json().data.products[0].options[0].rows.map((row: { name: string }) => row.name)).toEqual([
      '0.5 porsiya',
      '1 porsiya',
      '1.5 porsiya',
    ]);
  });
});

describe('/docs', () => {
  it('documents every product call', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.paths['/manager/products'].get).toBeDefined();
    expect(doc.paths['/manager/products'].post.requestBody).toBeDefined();
    expect(doc.paths['/manager/products/{id}'].put.requestBody).toBeDefined();
    expect(doc.paths['/manager/products/{id}'].delete).toBeDefined();
    expect(doc.paths['/manager/products/order'].put).toBeDefined();
    expect(doc.paths['/manager/products/availability'].put.responses['200']).toBeDefined();
    expect(doc.paths['/user/products/category/'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'category_id' })]),
    );
    expect(doc.paths['/user/products/{id}'].get.responses['200']).toBeDefined();
  });
});

describe("product prices have at most 2 decimals (so'm and tiyin), never rounded", () => {
  const TOO_PRECISE = `"price" maydoni noto'g'ri: kasr qismida ko'pi bilan 2 ta raqam bo'lishi mumkin.`;

  it.each([0.005, 12500.123, 0.001, 1e-7])('refuses %s on create and on edit, changing nothing', async (price) => {
    const { c } = await ownedCategory();
    const p = await createProduct(t.db, c._id, { price: 25000 });
    const before = await menuSnapshot(t.db);
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/products',
      payload: { name: 'Osh', category_id: c._id, price },
    });
    expect(created.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: TOO_PRECISE });
    const edited = await t.call('owner', { method: 'PUT', url: `/manager/products/${p._id}`, payload: { price } });
    expect(edited.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: TOO_PRECISE });
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  // 0.07 / 0.01 is 7.000000000000001 in floating point: a naive multipleOf rule would refuse these.
  it.each([0.07, 0.29, 1.1, 12500.5, 19999.99, 99_999_999_999.99])('keeps %s exactly', async (price) => {
    const { c } = await ownedCategory();
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/products',
      payload: { name: 'Osh', category_id: c._id, price },
    });
    expect(created.statusCode).toBe(201);
    const read = await t.call('anonymous', { url: `/user/products/${created.json().data._id}` });
    expect(read.json().data.price).toBe(price);
  });
});
