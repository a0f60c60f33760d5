import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, restaurants } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';

/**
 * The public reads a diner's phone makes (restaurant by slug, its categories, a category's products in both spellings
 * of the spec, one product) are answered from memory, like the menu page: a change written behind the API's back
 * (straight into the database) is not seen, a change made through the API (which announces it: app.menuChanged) is
 * seen at once. Signed-in callers read the restaurant and its categories from the database (what they see depends on
 * who they are); products are cached whole for everyone and who may see them is decided per request.
 */
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let restaurant: Awaited<ReturnType<typeof createRestaurant>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, 'manager');
  admin = await createUser(t.app, t.db, 'admin');
  restaurant = await createRestaurant(t.db, { manager_id: owner._id, name: 'Rayhon' });
  await createCategory(t.db, restaurant._id, { title: 'Salatlar' });
});
afterAll(() => t.close());

const view = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/user/restaurants/view?slug=${restaurant.slug}`, headers });
const categoryList = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/user/category?restaurant_id=${restaurant._id}`, headers });
const titles = (res: Awaited<ReturnType<typeof categoryList>>) =>
  (res.json().categories as { title: string }[]).map((c) => c.title);

describe('public reads from the per-restaurant cache', () => {
  it('the restaurant by slug: cached for diners, fresh after a write through the API, fresh for its manager', async () => {
    expect((await view()).json().data.name).toBe('Rayhon');
    await t.db.update(restaurants).set({ name: 'Behind the back' }).where(eq(restaurants._id, restaurant._id));
    expect((await view()).json().data.name).toBe('Rayhon');
    expect((await view({ ...owner.headers })).json().data.name).toBe('Behind the back');

    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${restaurant.slug}`,
      headers: owner.headers,
      payload: { name: 'Rayhon Milliy' },
    });
    expect(put.statusCode).toBe(200);
    expect((await view()).json().data.name).toBe('Rayhon Milliy');
  });

  it('a restaurant switched off by the admin stops answering diners at once', async () => {
    expect((await view()).statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${restaurant.slug}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(put.statusCode).toBe(200);
    expect((await view()).statusCode).toBe(404);
    expect((await categoryList()).statusCode).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${restaurant.slug}`,
      headers: admin.headers,
      payload: { is_active: true },
    });
    expect((await view()).statusCode).toBe(200);
  });

  it('the categories: cached for diners, fresh after a write through the API, fresh for the manager', async () => {
    expect(titles(await categoryList())).toEqual(['Salatlar']);
    await t.db.update(categories).set({ title: 'Behind the back' }).where(eq(categories.restaurant_id, restaurant._id));
    expect(titles(await categoryList())).toEqual(['Salatlar']);
    expect(titles(await categoryList(owner.headers))).toEqual(['Behind the back']);

    const created = await t.app.inject({
      method: 'POST',
      url: '/manager/category/create',
      headers: owner.headers,
      payload: { title: 'Ichimliklar', restaurant_id: restaurant._id },
    });
    expect(created.statusCode).toBe(201);
    expect(titles(await categoryList())).toEqual(['Behind the back', 'Ichimliklar']);
  });

  it("a category's products and one product: cached for diners, fresh after a write through the API", async () => {
    const category = await createCategory(t.db, restaurant._id, { title: 'Taomlar' });
    const product = await createProduct(t.db, category._id, { name: 'Osh' });
    const reads = [
      `/user/products/category/?category_id=${category._id}`,
      `/user/products/category?category_id=${category._id}`,
      `/user/products/${product._id}`,
    ];
    const names = async () =>
      Promise.all(
        reads.map(async (url) => {
          const res = await t.app.inject({ url });
          expect(res.statusCode, url).toBe(200);
          const data = res.json().data;
          return url.includes('category') ? (data.products as { name: string }[]).map((p) => p.name) : [data.name];
        }),
      );
    expect(await names()).toEqual([['Osh'], ['Osh'], ['Osh']]);

    await t.db.update(products).set({ name: 'Behind the back' }).where(eq(products._id, product._id));
    expect(await names()).toEqual([['Osh'], ['Osh'], ['Osh']]);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/manager/products/${product._id}`,
      headers: owner.headers,
      payload: { name: 'Palov' },
    });
    expect(put.statusCode).toBe(200);
    expect(await names()).toEqual([['Palov'], ['Palov'], ['Palov']]);
  });

  it('products stop answering diners at once when the admin switches their restaurant off', async () => {
    const category = await createCategory(t.db, restaurant._id, { title: 'Shirinliklar' });
    const product = await createProduct(t.db, category._id, { name: 'Chak-chak' });
    const productRead = () => t.app.inject({ url: `/user/products/${product._id}` });
    const categoryRead = () => t.app.inject({ url: `/user/products/category/?category_id=${category._id}` });
    expect((await productRead()).statusCode).toBe(200);
    expect((await categoryRead()).statusCode).toBe(200);
    const setActive = (is_active: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/manager/restaurants/update?slug=${restaurant.slug}`,
        headers: admin.headers,
        payload: { is_active },
      });
    expect((await setActive(false)).statusCode).toBe(200);
    expect((await productRead()).statusCode).toBe(404);
    expect((await categoryRead()).statusCode).toBe(404);
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await productRead()).statusCode).toBe(200);
  });
});
