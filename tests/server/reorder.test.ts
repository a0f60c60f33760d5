import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../server/db/schema';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';
import { type Caller, itAnswersTheAuthorizationMatrix, menuSnapshot, setupTenants } from '../support/tenants';

const UNKNOWN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const OLD = '2020-01-01T00:00:00.000Z';

const t = setupTenants();
const ids = (list: { _id: string }[]) => list.map((item) => item._id);

/** The owner's restaurant with three categories (positions 0, 1, 2). */
async function restaurantWithCategories() {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id });
  const cs = [];
  for (let position = 0; position < 3; position++) {
    cs.push(await createCategory(t.db, r._id, { position, updatedAt: OLD }));
  }
  return { r, cs };
}

/** The owner's category with three products (positions 0, 1, 2). */
async function categoryWithProducts() {
  const r = await createRestaurant(t.db, { manager_id: t.owner._id });
  const c = await createCategory(t.db, r._id);
  const ps = [];
  for (let position = 0; position < 3; position++) {
    ps.push(await createProduct(t.db, c._id, { position, updatedAt: OLD }));
  }
  return { r, c, ps };
}

const reorderCategories = (caller: Caller, restaurant_id: string, list: string[]) =>
  t.call(caller, { method: 'PUT', url: '/manager/category/order', payload: { restaurant_id, ids: list } });
const reorderProducts = (caller: Caller, category_id: string, list: string[]) =>
  t.call(caller, { method: 'PUT', url: '/manager/products/order', payload: { category_id, ids: list } });

describe('authorization matrix: positions calls', () => {
  itAnswersTheAuthorizationMatrix(t, [
    {
      name: 'PUT /manager/category/order',
      ok: 200,
      make: async () => {
        const { r, cs } = await restaurantWithCategories();
        return {
          method: 'PUT',
          url: '/manager/category/order',
          payload: { restaurant_id: r._id, ids: ids(cs).reverse() },
        };
      },
    },
    {
      name: 'PUT /manager/products/order',
      ok: 200,
      make: async () => {
        const { c, ps } = await categoryWithProducts();
        return {
          method: 'PUT',
          url: '/manager/products/order',
          payload: { category_id: c._id, ids: ids(ps).reverse() },
        };
      },
    },
  ]);
});

describe('PUT /manager/category/order', () => {
  it('saves the positions: the answer and every category list come back in them', async () => {
    const { r, cs } = await restaurantWithCategories();
    const wanted = [cs[2]!._id, cs[0]!._id, cs[1]!._id];
    const res = await reorderCategories('owner', r._id, wanted);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data)).toEqual(wanted);
    expect(res.json().data.map((c: { position: number }) => c.position)).toEqual([0, 1, 2]);
    expect(ids((await t.call('owner', { url: `/manager/category?restaurant_id=${r._id}` })).json().categories)).toEqual(
      wanted,
    );
    expect(
      ids((await t.call('anonymous', { url: `/user/category?restaurant_id=${r._id}` })).json().categories),
    ).toEqual(wanted);
    expect(t.changed).toEqual([r._id]);
  });

  it('bumps updatedAt only of the categories that moved', async () => {
    const { r, cs } = await restaurantWithCategories();
    await reorderCategories('owner', r._id, [cs[1]!._id, cs[0]!._id, cs[2]!._id]);
    const rows = await t.db.select().from(categories).where(eq(categories.restaurant_id, r._id));
    const updated = Object.fromEntries(rows.map((row) => [row._id, row.updatedAt]));
    expect(updated[cs[2]!._id]).toBe(OLD);
    expect(updated[cs[0]!._id]).not.toBe(OLD);
    expect(updated[cs[1]!._id]).not.toBe(OLD);
  });

  it('puts a category created afterwards last', async () => {
    const { r, cs } = await restaurantWithCategories();
    await reorderCategories('owner', r._id, ids(cs).reverse());
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/category/create',
      payload: { title: 'Yangi', restaurant_id: r._id },
    });
    const listed = (await t.call('owner', { url: `/manager/category?restaurant_id=${r._id}` })).json().categories;
    expect(ids(listed)).toEqual([...ids(cs).reverse(), created.json().data._id]);
  });

  it('accepts an empty list for a restaurant without categories', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const res = await reorderCategories('owner', r._id, []);
    expect(res.json()).toEqual({ data: [] });
  });

  it("refuses a list that is not exactly the restaurant's categories, changing nothing", async () => {
    const { r, cs } = await restaurantWithCategories();
    const elsewhere = await createCategory(t.db, (await createRestaurant(t.db, { manager_id: t.owner._id }))._id);
    const before = await menuSnapshot(t.db);
    for (const list of [
      [cs[0]!._id, cs[1]!._id],
      [...ids(cs), elsewhere._id],
      [cs[0]!._id, cs[1]!._id, elsewhere._id],
      [cs[0]!._id, cs[1]!._id, UNKNOWN],
    ]) {
      const res = await reorderCategories('owner', r._id, list);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('"ids"');
    }
    const duplicate = await reorderCategories('owner', r._id, [cs[0]!._id, cs[0]!._id, cs[1]!._id]);
    expect(duplicate.statusCode).toBe(400);
    expect(await menuSnapshot(t.db)).toBe(before);
    expect(t.changed).toEqual([]);
  });

  it.each([
    ['a missing restaurant_id', { ids: [] }, '"restaurant_id"'],
    ['a bad restaurant_id', { restaurant_id: 'r', ids: [] }, '"restaurant_id"'],
    ['missing ids', { restaurant_id: UNKNOWN }, '"ids"'],
    ['a bad id in ids', { restaurant_id: UNKNOWN, ids: ['x'] }, '"ids.0"'],
  ])('answers %s with 400', async (_name, payload, text) => {
    const res = await t.call('owner', { method: 'PUT', url: '/manager/category/order', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(text);
  });

  it('answers 404 for an unknown restaurant', async () => {
    expect((await reorderCategories('owner', UNKNOWN, [])).statusCode).toBe(404);
  });
});

describe('PUT /manager/products/order', () => {
  it('saves the positions: the answer and every product list come back in them', async () => {
    const { r, c, ps } = await categoryWithProducts();
    const wanted = [ps[1]!._id, ps[2]!._id, ps[0]!._id];
    const res = await reorderProducts('admin', c._id, wanted);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data)).toEqual(wanted);
    expect(ids((await t.call('owner', { url: `/manager/products?category_id=${c._id}` })).json().data)).toEqual(wanted);
    const menu = await t.call('anonymous', { url: `/user/products/category/?category_id=${c._id}` });
    expect(ids(menu.json().data.products)).toEqual(wanted);
    expect(t.changed).toEqual([r._id]);
  });

  it('puts a product created afterwards last', async () => {
    const { c, ps } = await categoryWithProducts();
    await reorderProducts('owner', c._id, ids(ps).reverse());
    const created = await t.call('owner', {
      method: 'POST',
      url: '/manager/products',
      payload: { name: 'Yangi', category_id: c._id, price: 1000 },
    });
    const listed = (await t.call('owner', { url: `/manager/products?category_id=${c._id}` })).json().data;
    expect(ids(listed)).toEqual([...ids(ps).reverse(), created.json().data.id]);
  });

  it('accepts an empty list for a category without products', async () => {
    const r = await createRestaurant(t.db, { manager_id: t.owner._id });
    const c = await createCategory(t.db, r._id);
    const res = await reorderProducts('owner', c._id, []);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("refuses a list that is not exactly the category's products, changing nothing", async () => {
    const { c, ps } = await categoryWithProducts();
    const elsewhere = await createProduct(t.db, (await createCategory(t.db, c.restaurant_id))._id);
    const before = await menuSnapshot(t.db);
    for (const list of [[ps[0]!._id], [...ids(ps), elsewhere._id], [ps[0]!._id, ps[1]!._id, elsewhere._id]]) {
      const res = await reorderProducts('owner', c._id, list);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('"ids"');
    }
    expect(await menuSnapshot(t.db)).toBe(before);
  });

  it('answers 404 for an unknown category and 400 for a bad category_id', async () => {
    expect((await reorderProducts('owner', UNKNOWN, [])).statusCode).toBe(404);
    const bad = await reorderProducts('owner', 'c', []);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"category_id"');
  });
});
