import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PosSimulator } from '../../server/dev/pos/server';
import type { TestApp } from '../support/app';
import type { TestUser } from '../support/fixtures';
import { closePosApp, importOrganization, type PosApp, startOver, startPosApp } from './pos-app-fixtures';

/**
 * Translations and the POS: iiko's names are Uzbek and go to the Uzbek fields; translations are the panel's, so a sync
 * never removes them, and an item the till renamed keeps its translations (docs/integration.md, sync rule 3).
 */

let pos: PosApp;
let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let orgId: string;
let restaurantId: string;
/** The admin's answer to the import. */
let imported: Json;

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON answers, read field by field
type Json = Record<string, any>;

beforeAll(async () => {
  pos = await startPosApp();
  ({ sim, t, admin, manager, orgId } = pos);
});
afterAll(() => closePosApp(pos));

beforeEach(async () => {
  await startOver(pos);
  imported = await importOrganization(pos, orgId);
  restaurantId = imported._id;
});

async function call(method: 'GET' | 'PUT', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const sync = async () => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/admin/integration/restaurants/${restaurantId}/sync`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The restaurant's menu as the manager's calls answer it: categories, products, each product's options and rows. */
async function menu() {
  const categories: Json[] = (await call('GET', `/manager/category?restaurant_id=${restaurantId}`)).categories;
  const products: Json[] = (await call('GET', `/manager/products?restaurant_id=${restaurantId}`)).data;
  const options = new Map<string, Json[]>();
  for (const p of products) options.set(p._id, await call('GET', `/manager/product-option/product/${p._id}`));
  return { categories, products, options };
}

/** A product with a modifier-group option (`Garnir`) and its first row, from the imported menu. */
async function translatedMenu() {
  const { categories, products, options } = await menu();
  const product = products.find((p) => options.get(p._id)!.some((o) => o.name === 'Garnir'))!;
  const option = options.get(product._id)!.find((o) => o.name === 'Garnir')!;
  const row = option.rows[0];
  const category = categories.find((c) => c._id === product.category_id)!;
  await call('PUT', `/manager/category/update/${category._id}`, {
    translations: { ru: { title: 'Горячие блюда' }, en: { title: 'Hot dishes' } },
  });
  await call('PUT', `/manager/products/${product._id}`, {
    translations: { ru: { name: 'Плов', description: 'С бараниной' } },
  });
  await call('PUT', `/manager/product-option/${option._id}`, { translations: { ru: { name: 'Гарнир' } } });
  await call('PUT', `/manager/product-option-row/${row._id}`, { translations: { en: { name: 'Rice' } } });
  const slug = (await call('GET', '/manager/restaurants/me')).data[0].slug;
  await call('PUT', `/manager/restaurants/update?slug=${slug}`, {
    languages: ['uz', 'ru', 'en'],
    translations: { ru: { name: 'Чайхана Навруз' } },
  });
  return { category, product, option, row };
}

async function translationsNow(ids: { category: Json; product: Json; option: Json; row: Json }) {
  const { categories, products, options } = await menu();
  const product = products.find((p) => p._id === ids.product._id)!;
  const option = options.get(product._id)!.find((o) => o._id === ids.option._id)!;
  const restaurant = (await call('GET', '/manager/restaurants/me')).data[0];
  return {
    category: categories.find((c) => c._id === ids.category._id)!,
    product,
    option,
    row: option.rows.find((r: Json) => r._id === ids.row._id),
    restaurant,
  };
}

describe('a POS sync and the panel’s translations', () => {
  it('an imported restaurant offers Uzbek (its POS names) and has no translations yet', () => {
    expect(imported.languages).toEqual(['uz']);
    expect(imported).not.toHaveProperty('translations');
  });

  it('a sync with nothing new keeps every translation', async () => {
    const ids = await translatedMenu();
    expect(await sync()).toEqual({ created: 0, updated: 0, deactivated: 0 });
    const now = await translationsNow(ids);
    expect(now.category.translations).toEqual({ ru: { title: 'Горячие блюда' }, en: { title: 'Hot dishes' } });
    expect(now.product.translations).toEqual({ ru: { name: 'Плов', description: 'С бараниной' } });
    expect(now.option.translations).toEqual({ ru: { name: 'Гарнир' } });
    expect(now.row.translations).toEqual({ en: { name: 'Rice' } });
    expect(now.restaurant).toMatchObject({
      languages: ['uz', 'ru', 'en'],
      translations: { ru: { name: 'Чайхана Навруз' } },
    });
  });

  it('what the till renamed takes the new Uzbek name and keeps its translations', async () => {
    const ids = await translatedMenu();
    sim.control.renameGroup(orgId, groupIdNamed(ids.category.title), 'Issiq taomlar');
    sim.control.renameProduct(orgId, sim.control.findProduct(orgId, ids.product.name).id, 'Choyxona oshi (yangi)');
    sim.control.renameGroup(orgId, groupIdNamed('Garnir'), 'Garnitur');
    sim.control.renameProduct(orgId, sim.control.findProduct(orgId, ids.row.name).id, 'Guruch (devzira)');

    const counts = await sync();
    expect(counts.updated).toBeGreaterThanOrEqual(4);
    const now = await translationsNow(ids);
    expect(now.category).toMatchObject({
      title: 'Issiq taomlar',
      translations: { ru: { title: 'Горячие блюда' }, en: { title: 'Hot dishes' } },
    });
    expect(now.product).toMatchObject({
      name: 'Choyxona oshi (yangi)',
      translations: { ru: { name: 'Плов', description: 'С бараниной' } },
    });
    expect(now.option).toMatchObject({ name: 'Garnitur', translations: { ru: { name: 'Гарнир' } } });
    expect(now.row).toMatchObject({ name: 'Guruch (devzira)', translations: { en: { name: 'Rice' } } });
    expect(now.restaurant.translations).toEqual({ ru: { name: 'Чайхана Навруз' } });
  });
});

/** The POS's group ids are not in the manager's answers: find them in the simulator's nomenclature by name. */
function groupIdNamed(name: string): string {
  const group = sim.control.nomenclature(orgId).groups.find((g) => g.name === name);
  if (!group) throw new Error(`no POS group ${name}`);
  return group.id;
}
