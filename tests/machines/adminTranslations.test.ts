import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../client/client';
import type { MenuLanguage } from '../../client/types';
import { adminCategoryListMachine } from '../../machines/categories/adminCategoryList.machine';
import { selectCategories, selectLanguages } from '../../machines/categories/categoryList.selectors';
import { provideOptionsNotify } from '../../machines/options/options.provide';
import { selectLanguages as selectOptionLanguages } from '../../machines/options/options.selectors';
import type { LoadedProducts } from '../../machines/products/productList.actors';
import { productListMachine } from '../../machines/products/productList.machine';
import {
  selectLanguages as selectProductLanguages,
  selectProducts,
} from '../../machines/products/productList.selectors';
import type { LanguagesInput } from '../../machines/shared/languages.actors';
import { missingLanguages } from '../../machines/shared/translations.rules';
import { flush, pending, rejecting, resolving } from './helpers';

/**
 * Translations on the admin's screens: the category list (/admin/categoryList/{id}) and the product list
 * (/admin/viewProduct/{category}/{restaurant}) show what the spec's public reads answer, with each item's
 * translations from the manager read an admin may make, merged by id in the load actor, and the restaurant's
 * languages from GET /admin/restaurants?id=: the same tabs and badges as the manager's lists.
 * The machines run their own actors over a replaced API client, or actors given with .provide.
 */

const api = vi.hoisted(() => ({
  findRestaurant: vi.fn(),
  myRestaurants: vi.fn(),
  listRestaurantCategories: vi.fn(),
  listManagerCategories: vi.fn(),
  listCategoryProducts: vi.fn(),
  listManagerProducts: vi.fn(),
}));
vi.mock('../../client/restaurants', () => ({ findRestaurant: api.findRestaurant }));
vi.mock('../../client/myRestaurants', () => ({ myRestaurants: api.myRestaurants }));
vi.mock('../../client/categories', async (original) => ({
  ...(await original<typeof import('../../client/categories')>()),
  listRestaurantCategories: api.listRestaurantCategories,
  listManagerCategories: api.listManagerCategories,
}));
vi.mock('../../client/products', async (original) => ({
  ...(await original<typeof import('../../client/products')>()),
  listCategoryProducts: api.listCategoryProducts,
  listManagerProducts: api.listManagerProducts,
}));

const count = { all_count: 2, active_count: 2, inactive_count: 0 };
const category = (id: string, title: string) => ({
  _id: id,
  title,
  restaurant_id: 'r1',
  is_active: true,
  position: 0,
  pos_stopped: false,
  createdAt: '',
  updatedAt: '',
});
const product = (id: string, name: string) => ({
  _id: id,
  name,
  category_id: 'c1',
  description: '',
  price: 1000,
  is_active: true,
  images: [],
  position: 0,
  pos_stopped: false,
  createdAt: '',
  updatedAt: '',
});

beforeEach(() => {
  vi.resetAllMocks();
  api.findRestaurant.mockResolvedValue({ _id: 'r1', name: 'Rayhon', languages: ['uz', 'ru'] });
  api.listRestaurantCategories.mockResolvedValue({
    categories: [category('k1', "Sho'rvalar"), category('k2', 'Salatlar')],
    count,
  });
  api.listManagerCategories.mockResolvedValue({
    categories: [
      { ...category('k2', 'Salatlar'), translations: { ru: { title: 'Салаты' } } },
      category('k1', "Sho'rvalar"),
    ],
    count,
  });
  api.listCategoryProducts.mockResolvedValue({
    products: [
      { ...product('p1', 'Osh'), options: [], rows: [] },
      { ...product('p2', 'Choy'), options: [], rows: [] },
    ],
    count,
  });
  api.listManagerProducts.mockResolvedValue([
    { ...product('p1', 'Osh'), translations: { ru: { name: 'Плов' } } },
    product('p2', 'Choy'),
  ]);
});

describe("the admin's category list", () => {
  it("reads the restaurant's languages and the categories' translations, for the tabs and the badges", async () => {
    const list = createActor(adminCategoryListMachine, { input: { restaurantId: 'r1' } }).start();
    expect(selectLanguages(list.getSnapshot())).toEqual(['uz']);
    await flush();
    await flush();
    const snapshot = list.getSnapshot();
    expect(snapshot.matches({ data: 'ready' })).toBe(true);
    expect(selectLanguages(snapshot)).toEqual(['uz', 'ru']);
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', expect.objectContaining({ signal: expect.anything() }));
    // What is shown is the public read's, in its order; the translations come from the manager read.
    expect(api.listRestaurantCategories).toHaveBeenCalledWith('r1', expect.anything());
    expect(api.listManagerCategories).toHaveBeenCalledWith('r1', expect.anything());
    const [k1, k2] = selectCategories(snapshot);
    expect(k1?._id).toBe('k1');
    expect(k2).toMatchObject({ _id: 'k2', translations: { ru: { title: 'Салаты' } } });
    // The badge: Sho'rvalar lacks Russian, Salatlar has it.
    expect(missingLanguages(selectLanguages(snapshot), { ...k1 }, ['title'])).toEqual(['ru']);
    expect(missingLanguages(selectLanguages(snapshot), { ...k2 }, ['title'])).toEqual([]);
    list.stop();
  });

  it('a failed languages read leaves Uzbek alone; a failed translations read is the load’s failure', async () => {
    api.findRestaurant.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    const languageless = createActor(adminCategoryListMachine, { input: { restaurantId: 'r1' } }).start();
    await flush();
    await flush();
    expect(selectLanguages(languageless.getSnapshot())).toEqual(['uz']);
    expect(languageless.getSnapshot().matches({ data: 'ready' })).toBe(true);
    languageless.stop();

    api.listManagerCategories.mockRejectedValue(new ApiError(404, 'Topilmadi'));
    const notify = vi.fn();
    const failed = createActor(
      adminCategoryListMachine.provide({ actions: { notify: (_, notice) => notify(notice) } }),
      { input: { restaurantId: 'r1' } },
    ).start();
    await flush();
    await flush();
    expect(failed.getSnapshot().matches({ data: 'failed' })).toBe(true);
    expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Kategoriyalarni olishda xatolik yuz berdi!' });
    failed.stop();
  });
});

describe("the admin's product list", () => {
  it("reads the URL's restaurant's languages and the products' translations", async () => {
    const list = createActor(productListMachine, { input: { categoryId: 'c1', restaurantId: 'r1' } }).start();
    await flush();
    await flush();
    const snapshot = list.getSnapshot();
    expect(snapshot.matches({ data: 'ready' })).toBe(true);
    expect(selectProductLanguages(snapshot)).toEqual(['uz', 'ru']);
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', expect.anything());
    expect(api.listCategoryProducts).toHaveBeenCalledWith('c1', expect.anything());
    expect(api.listManagerProducts).toHaveBeenCalledWith('c1', expect.anything());
    const [p1, p2] = selectProducts(snapshot);
    expect(p1).toMatchObject({ _id: 'p1', translations: { ru: { name: 'Плов' } }, options: [] });
    expect(p2?._id).toBe('p2');
    expect(missingLanguages(['uz', 'ru'], { ...p2 }, ['name', 'description'])).toEqual(['ru']);
    expect(snapshot.context.count).toEqual(count);
    list.stop();
  });

  it('asks the languages for the restaurant of its input (given with .provide); none named: Uzbek, no call', async () => {
    const languages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'ru']);
    const named = createActor(
      productListMachine.provide({
        actors: { loadProducts: pending().logic as never, loadLanguages: languages.logic },
      }),
      { input: { categoryId: 'c1', restaurantId: 'r5' } },
    ).start();
    await flush();
    expect(languages.probe.inputs).toEqual([{ restaurantId: 'r5' }]);
    named.stop();

    const unnamed = createActor(
      productListMachine.provide({
        actors: { loadProducts: resolving<LoadedProducts, { categoryId: string }>({ products: [], count }).logic },
      }),
      { input: { categoryId: 'c1' } },
    ).start();
    await flush();
    expect(selectProductLanguages(unnamed.getSnapshot())).toEqual(['uz']);
    expect(api.findRestaurant).not.toHaveBeenCalled();
    unnamed.stop();
  });

  it('a failed translations read is the load’s failure (retry loads again)', async () => {
    api.listManagerProducts.mockRejectedValueOnce(new ApiError(500, 'Serverda xatolik'));
    const list = createActor(productListMachine, { input: { categoryId: 'c1', restaurantId: 'r1' } }).start();
    await flush();
    await flush();
    expect(list.getSnapshot().matches({ data: 'failed' })).toBe(true);
    list.send({ type: 'products.retry' });
    await flush();
    await flush();
    expect(list.getSnapshot().matches({ data: 'ready' })).toBe(true);
    expect(selectProducts(list.getSnapshot())).toHaveLength(2);
    list.stop();
  });

  it('a failed load given with .provide still shows the restaurant’s languages, asked for its restaurant', async () => {
    const languages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'en']);
    const list = createActor(
      productListMachine.provide({
        actors: { loadProducts: rejecting(503).logic as never, loadLanguages: languages.logic },
      }),
      { input: { categoryId: 'c1', restaurantId: 'r1' } },
    ).start();
    await flush();
    expect(list.getSnapshot().matches({ data: 'failed' })).toBe(true);
    expect(languages.probe.inputs).toEqual([{ restaurantId: 'r1' }]);
    expect(selectProductLanguages(list.getSnapshot())).toEqual(['uz', 'en']);
    list.stop();
  });
});

describe("the admin's options screen (/admin/product-option/{id}?restaurant=)", () => {
  it('reads the languages of the restaurant it is given; without one, Uzbek alone and no call', async () => {
    const { list } = provideOptionsNotify(() => {}, 'admin');
    const named = createActor(list.provide({ actors: { loadOptions: pending().logic as never } }), {
      input: { productId: 'p1', restaurantId: 'r1' },
    }).start();
    await flush();
    expect(selectOptionLanguages(named.getSnapshot())).toEqual(['uz', 'ru']);
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', expect.anything());
    named.stop();

    api.findRestaurant.mockClear();
    const unnamed = createActor(list.provide({ actors: { loadOptions: pending().logic as never } }), {
      input: { productId: 'p1' },
    }).start();
    await flush();
    expect(selectOptionLanguages(unnamed.getSnapshot())).toEqual(['uz']);
    expect(api.findRestaurant).not.toHaveBeenCalled();
    unnamed.stop();
  });

  it('asks its languages actor (given with .provide) for the restaurant of its input', async () => {
    const languages = resolving<MenuLanguage[], LanguagesInput>(['uz', 'en']);
    const { list } = provideOptionsNotify(() => {}, 'admin');
    const actor = createActor(
      list.provide({ actors: { loadOptions: pending().logic as never, loadLanguages: languages.logic } }),
      { input: { productId: 'p1', restaurantId: 'r3' } },
    ).start();
    await flush();
    expect(languages.probe.inputs).toEqual([{ restaurantId: 'r3', productId: 'p1' }]);
    expect(selectOptionLanguages(actor.getSnapshot())).toEqual(['uz', 'en']);
    actor.stop();
  });
});
