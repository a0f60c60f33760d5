import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, restaurants } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createRestaurant, createUser, type TestUser } from '../support/fixtures';

/**
 * The public reads a diner's phone makes (restaurant by slug, its categories) are answered from memory, like the menu
 * page: a change written behind the API's back (straight into the database) is not seen, a change made through the
 * API (which announces it: app.menuChanged) is seen at once. Signed-in callers always read the database.
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
});
