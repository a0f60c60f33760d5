import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, optionRows, productOptions, products, restaurants } from '../../server/db/schema';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';

/**
 * The admin list names what is left to translate: each row of a page carries `untranslated`, the menu's categories,
 * products and options (with their rows) lacking each offered language, so a restaurant whose dishes are all
 * translated is no longer flagged for its address alone. The menu is the POS simulator's, imported over its HTTP API.
 */

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON answers, read field by field
type Json = Record<string, any>;

let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let restaurantId: string;
let slug: string;

beforeAll(async () => {
  sim = await startPosSimulator();
  t = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

beforeEach(async () => {
  sim.control.reset();
  await t.db.delete(restaurants);
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/integration/restaurants/create',
    headers: admin.headers,
    payload: { id: sim.control.organizations()[0]!.id, manager_id: manager._id },
  });
  expect(res.statusCode, res.body).toBe(201);
  restaurantId = res.json().data._id;
  slug = res.json().data.slug;
});

async function call(method: 'GET' | 'PUT', url: string, payload?: Json, who = manager) {
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const offer = (languages: string[]) => call('PUT', `/manager/restaurants/update?slug=${slug}`, { languages });
/** The restaurant's row as the admin's list page answers it. */
const listed = async (id = restaurantId): Promise<Json> =>
  (await call('GET', `/admin/restaurants?id=${id}`, undefined, admin)).restaurants[0];

/** What the imported menu holds, counted from the manager's own reads. */
async function menuSize() {
  const cats: Json[] = (await call('GET', `/manager/category?restaurant_id=${restaurantId}`)).categories;
  const prods: Json[] = (await call('GET', `/manager/products?restaurant_id=${restaurantId}`)).data;
  let options = 0;
  for (const p of prods) options += (await call('GET', `/manager/product-option/product/${p._id}`)).length;
  return { categories: cats.length, products: prods.length, options, cats, prods };
}

/** Every Uzbek text of the menu given a Russian translation, as if a person had done it (hundreds of edits). */
async function translateWholeMenuToRussian() {
  const ids = (
    await t.db.select({ id: categories._id }).from(categories).where(eq(categories.restaurant_id, restaurantId))
  ).map((c) => c.id);
  await t.db
    .update(categories)
    .set({ translations: sql`jsonb_build_object('ru', jsonb_build_object('title', 'Р ' || title))` })
    .where(inArray(categories._id, ids));
  const productIds = (
    await t.db.select({ id: products._id }).from(products).where(inArray(products.category_id, ids))
  ).map((p) => p.id);
  await t.db
    .update(products)
    .set({
      translations: sql`jsonb_build_object('ru', jsonb_strip_nulls(jsonb_build_object('name', 'Р ' || name, 'description', nullif(description, ''))))`,
    })
    .where(inArray(products._id, productIds));
  const optionIds = (
    await t.db
      .select({ id: productOptions._id })
      .from(productOptions)
      .where(inArray(productOptions.product_id, productIds))
  ).map((o) => o.id);
  await t.db
    .update(productOptions)
    .set({ translations: sql`jsonb_build_object('ru', jsonb_build_object('name', 'Р ' || name))` })
    .where(inArray(productOptions._id, optionIds));
  await t.db
    .update(optionRows)
    .set({ translations: sql`jsonb_build_object('ru', jsonb_build_object('name', 'Р ' || name))` })
    .where(inArray(optionRows.product_option_id, optionIds));
}

describe('GET /admin/restaurants (a page): what of the menu lacks a translation', () => {
  it('a restaurant offering only Uzbek has nothing to translate', async () => {
    expect((await listed()).untranslated).toEqual({ categories: {}, products: {}, options: {} });
  });

  it('offering Russian, the whole imported menu lacks it; Uzbek Cyrillic never counts', async () => {
    await offer(['uz', 'uz-Cyrl', 'ru']);
    const size = await menuSize();
    expect(size.products).toBeGreaterThan(30);
    expect(size.options).toBeGreaterThan(0);
    expect((await listed()).untranslated).toEqual({
      categories: { ru: size.categories },
      products: { ru: size.products },
      options: { ru: size.options },
    });
  });

  it('each item translated through the API leaves the count; a half-translated one stays', async () => {
    await offer(['uz', 'ru', 'en']);
    const size = await menuSize();
    const [category] = size.cats;
    await call('PUT', `/manager/category/update/${category!._id}`, { translations: { ru: { title: 'Горячее' } } });
    // A product with a description: its Russian name alone leaves it untranslated (the description lacks Russian).
    const described = size.prods.find((p) => p.description.trim() !== '')!;
    await call('PUT', `/manager/products/${described._id}`, { translations: { ru: { name: 'Плов' } } });
    const plain = size.prods.find((p) => p.description.trim() === '')!;
    await call('PUT', `/manager/products/${plain._id}`, { translations: { ru: { name: 'Чай' }, en: { name: 'Tea' } } });
    // An option whose name is translated but not its rows: it still counts.
    let opt: Json | undefined;
    for (const p of size.prods) {
      const options: Json[] = await call('GET', `/manager/product-option/product/${p._id}`);
      opt = options.find((o) => o.rows.length > 0);
      if (opt) break;
    }
    await call('PUT', `/manager/product-option/${opt!._id}`, { translations: { ru: { name: 'Гарнир' } } });
    expect((await listed()).untranslated).toEqual({
      categories: { ru: size.categories - 1, en: size.categories },
      products: { ru: size.products - 1, en: size.products - 1 },
      options: { ru: size.options, en: size.options },
    });
    for (const row of opt!.rows) {
      await call('PUT', `/manager/product-option-row/${row._id}`, {
        translations: { ru: { name: `${row.name} (ru)` } },
      });
    }
    expect((await listed()).untranslated.options).toEqual({ ru: size.options - 1, en: size.options });
  });

  it('the whole menu translated: nothing is counted, even while the address still lacks Russian', async () => {
    await offer(['uz', 'ru']);
    await translateWholeMenuToRussian();
    const row = await listed();
    expect(row.address.trim()).not.toBe('');
    expect(row.translations?.ru?.address).toBeUndefined();
    expect(row.untranslated).toEqual({ categories: {}, products: {}, options: {} });
  });

  it("counts each restaurant's own menu on a page, and only the languages it offers", async () => {
    await offer(['uz', 'ru']);
    const other = await createRestaurant(t.db, { name: 'Boshqa', manager_id: manager._id, languages: ['uz', 'en'] });
    const [cat] = await t.db.insert(categories).values({ title: 'Ichimliklar', restaurant_id: other._id }).returning();
    await t.db.insert(products).values([
      { name: 'Choy', category_id: cat!._id, price: 5000 },
      { name: 'Kofe', category_id: cat!._id, price: 9000, translations: { en: { name: 'Coffee' } } },
    ]);
    const page = await call('GET', '/admin/restaurants?page=1&limit=10', undefined, admin);
    const byId = new Map<string, Json>(page.restaurants.map((r: Json) => [r._id, r]));
    expect(byId.get(other._id)!.untranslated).toEqual({ categories: { en: 1 }, products: { en: 1 }, options: {} });
    expect(Object.keys(byId.get(restaurantId)!.untranslated.products)).toEqual(['ru']);
  });

  it("the spec's whole list (no parameters) answers as before, without it", async () => {
    await offer(['uz', 'ru']);
    const all = await call('GET', '/admin/restaurants', undefined, admin);
    expect(all.restaurants[0]._id).toBe(restaurantId);
    expect(all.restaurants[0]).not.toHaveProperty('untranslated');
  });

  it('only an admin reads the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/restaurants?id=${restaurantId}`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
