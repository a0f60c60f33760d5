import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Category } from '../../client/categories';
import type { Product } from '../../client/products';
import type { Restaurant } from '../../client/types';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import * as categories from '../../machines/categories/categoryList.selectors';
import { productListMachine } from '../../machines/products/productList.machine';
import * as products from '../../machines/products/productList.selectors';
import { restaurantListMachine } from '../../machines/restaurants/restaurantList.machine';
import * as restaurants from '../../machines/restaurants/restaurantList.selectors';
import { syncAnswer } from '../ui/models/sync.model';
import { flush, pending, rejecting, resolving } from './helpers';
import { restaurantsPage } from './listServer';

/**
 * What the category, product and restaurant tables show, read through their selectors from live machines: loading,
 * failed, empty, rows, the delete question (its target, the running cycle), the sync spinner.
 */

const category = (id: string) =>
  ({ _id: id, title: `K ${id}`, restaurant_id: 'r1', is_active: true, position: 0 }) as Category;
const categoriesOf = (restaurantId: string | null, ...ids: string[]) => ({
  restaurantId,
  categories: ids.map(category),
  count: { all_count: ids.length, active_count: ids.length, inactive_count: 0 },
});

function startCategories(load: unknown) {
  const machine = categoryListMachine.provide({ actors: { loadCategories: load } as never });
  return createActor(machine, { input: { restaurantId: 'r1' } }).start();
}

type CategorySnapshot = ReturnType<ReturnType<typeof startCategories>['getSnapshot']>;
const categoryView = (s: CategorySnapshot) => ({
  loading: categories.selectIsLoading(s),
  failed: categories.selectLoadFailed(s),
  count: categories.selectCount(s),
  ids: categories.selectCategories(s).map((c) => c._id),
  restaurantId: categories.selectRestaurantId(s),
  hasRows: categories.selectHasRows(s),
  empty: categories.selectIsEmpty(s),
  noRestaurant: categories.selectHasNoRestaurant(s),
  deleteTarget: categories.selectDeleteTarget(s)?._id ?? null,
  deleting: categories.selectConfirmDelete(s) !== undefined,
  canDelete: categories.selectCanDelete(s),
  reorder: categories.selectReorder(s) !== undefined,
});

describe('category list selectors (spec 2.8)', () => {
  const idle = {
    loading: false,
    failed: false,
    count: null,
    ids: [],
    restaurantId: 'r1',
    hasRows: false,
    empty: false,
    noRestaurant: false,
    deleteTarget: null,
    deleting: false,
    canDelete: true,
    reorder: true,
  };

  it('loading: only the spinner (not yet empty)', () => {
    expect(categoryView(startCategories(pending().logic).getSnapshot())).toEqual({ ...idle, loading: true });
  });

  it('a failed load (not a 500): the failure', async () => {
    const actor = startCategories(rejecting(404).logic);
    await flush();
    expect(categoryView(actor.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('rows: the categories and their counters', async () => {
    const actor = startCategories(resolving(categoriesOf('r1', 'a', 'b')).logic);
    await flush();
    expect(categoryView(actor.getSnapshot())).toEqual({
      ...idle,
      count: { all_count: 2, active_count: 2, inactive_count: 0 },
      ids: ['a', 'b'],
      hasRows: true,
    });
  });

  it('no category: the empty text; a manager without a restaurant: nothing can be added', async () => {
    const empty = startCategories(resolving(categoriesOf('r1')).logic);
    await flush();
    expect(categoryView(empty.getSnapshot())).toMatchObject({ empty: true, hasRows: false, noRestaurant: false });
    const none = startCategories(resolving(categoriesOf(null)).logic);
    await flush();
    expect(categoryView(none.getSnapshot())).toMatchObject({ empty: true, noRestaurant: true, restaurantId: null });
  });

  it('the delete question: its category, the running cycle, no second delete; Yo‘q closes it', async () => {
    const actor = startCategories(resolving(categoriesOf('r1', 'a', 'b')).logic);
    await flush();
    actor.send({ type: 'category.delete', id: 'b' });
    expect(categoryView(actor.getSnapshot())).toMatchObject({ deleteTarget: 'b', deleting: true, canDelete: false });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(categoryView(actor.getSnapshot())).toMatchObject({ deleteTarget: null, canDelete: true });
  });
});

const product = (i: number) => ({ _id: `p${i}`, name: `P${i}`, price: 1000, is_active: true }) as Product;
const productsOf = (n: number) => ({
  products: Array.from({ length: n }, (_, i) => product(i + 1)),
  count: { all_count: n, active_count: n, inactive_count: 0 },
});

function startProducts(load: unknown) {
  const machine = productListMachine.provide({ actors: { loadProducts: load } as never });
  return createActor(machine, { input: { categoryId: 'c1' } }).start();
}
type ProductSnapshot = ReturnType<ReturnType<typeof startProducts>['getSnapshot']>;
const productView = (s: ProductSnapshot) => ({
  loading: products.selectIsLoading(s),
  failed: products.selectLoadFailed(s),
  count: products.selectCount(s),
  rows: products.selectProducts(s).length,
  page: products.selectPage(s),
  pageCount: products.selectPageCount(s),
  pager: products.selectShowPager(s),
  hasRows: products.selectHasRows(s),
  empty: products.selectIsEmpty(s),
  deleteTarget: products.selectDeleteTarget(s)?._id ?? null,
  deleting: products.selectConfirmDelete(s) !== undefined,
  canDelete: products.selectCanDelete(s),
  reorder: products.selectReorder(s) !== undefined,
});

describe('product list selectors (spec 2.9)', () => {
  const idle = {
    loading: false,
    failed: false,
    count: null,
    rows: 0,
    page: 1,
    pageCount: 1,
    pager: false,
    hasRows: false,
    empty: false,
    deleteTarget: null,
    deleting: false,
    canDelete: true,
    reorder: true,
  };

  it('loading, then failed', async () => {
    expect(productView(startProducts(pending().logic).getSnapshot())).toEqual({ ...idle, loading: true });
    const failed = startProducts(rejecting(500).logic);
    await flush();
    expect(productView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('no product: the empty text', async () => {
    const actor = startProducts(resolving(productsOf(0)).logic);
    await flush();
    expect(productView(actor.getSnapshot())).toEqual({
      ...idle,
      count: { all_count: 0, active_count: 0, inactive_count: 0 },
      empty: true,
    });
  });

  it('exactly 10 products: one page, no pager; 11: two pages and the pager', async () => {
    const ten = startProducts(resolving(productsOf(10)).logic);
    await flush();
    expect(productView(ten.getSnapshot())).toMatchObject({ rows: 10, hasRows: true, pageCount: 1, pager: false });
    const eleven = startProducts(resolving(productsOf(11)).logic);
    await flush();
    expect(productView(eleven.getSnapshot())).toMatchObject({ rows: 11, pageCount: 2, pager: true, empty: false });
    eleven.send({ type: 'page.next' });
    expect(products.selectPage(eleven.getSnapshot())).toBe(2);
  });

  it('the delete question: its product and the running cycle; Yo‘q closes it', async () => {
    const actor = startProducts(resolving(productsOf(3)).logic);
    await flush();
    actor.send({ type: 'product.delete', id: 'p2' });
    expect(productView(actor.getSnapshot())).toMatchObject({ deleteTarget: 'p2', deleting: true, canDelete: false });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(productView(actor.getSnapshot())).toMatchObject({ deleteTarget: null, deleting: false, canDelete: true });
  });

  it('pageRows: the page’s rows in display order, numbered in the whole list', () => {
    const list = productsOf(12).products;
    const order = list.map((p) => p._id).reverse();
    expect(products.pageRows(list, order, 2)).toEqual([
      { product: list[1], index: 11 },
      { product: list[0], index: 12 },
    ]);
    expect(products.pageRows(list, order, 1).map((r) => r.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shortDescription: at most 4 words, cut with “...”; exactly 4 are shown whole', () => {
    expect(products.shortDescription('bir ikki uch to‘rt besh')).toBe('bir ikki uch to‘rt...');
    expect(products.shortDescription('bir ikki uch to‘rt')).toBe('bir ikki uch to‘rt');
    expect(products.shortDescription('  bir   ikki ')).toBe('bir ikki');
    expect(products.shortDescription('bir ikki uch', 2)).toBe('bir ikki...');
    // A blank description shows nothing, whatever the limit.
    expect(products.shortDescription('   ', 0)).toBe('');
  });
});

// The first one comes from the POS: only it can be synced.
const restaurant = (i: number) =>
  ({
    _id: `r${i}`,
    name: `Restoran ${i}`,
    slug: `restoran-${i}`,
    type: i === 1 ? 'integration' : 'manual',
    is_active: true,
  }) as Restaurant;
/** The server's answers over n restaurants, page by page. */
const restaurantsOf = (n: number) => restaurantsPage(Array.from({ length: n }, (_, i) => restaurant(i + 1)));

function startRestaurants(load: unknown, sync: unknown = pending().logic) {
  const machine = restaurantListMachine.provide({
    actors: { loadRestaurants: load, syncRestaurant: sync } as never,
  });
  return createActor(machine).start();
}
type RestaurantSnapshot = ReturnType<ReturnType<typeof startRestaurants>['getSnapshot']>;
const restaurantView = (s: RestaurantSnapshot) => ({
  loading: restaurants.selectIsLoading(s),
  firstLoad: restaurants.selectIsFirstLoad(s),
  reloading: restaurants.selectIsReloading(s),
  failed: restaurants.selectLoadFailed(s),
  counts: restaurants.selectCounts(s),
  page: restaurants.selectPage(s),
  pageCount: restaurants.selectPageCount(s),
  rows: restaurants.selectPageRows(s).map((r) => r.index),
  empty: restaurants.selectIsEmpty(s),
  nothingFound: restaurants.selectNothingFound(s),
  range: restaurants.selectRange(s),
  deleteTarget: restaurants.selectDeleteTarget(s)?._id ?? null,
  confirming: restaurants.selectIsConfirmingDelete(s),
  deleting: restaurants.selectConfirmDelete(s) !== undefined,
  syncing: restaurants.selectSyncingId(s),
});

describe('restaurant list selectors (spec 2.5)', () => {
  const idle = {
    loading: false,
    firstLoad: false,
    reloading: false,
    failed: false,
    counts: null,
    page: 1,
    pageCount: 1,
    rows: [],
    empty: false,
    nothingFound: false,
    range: { first: 0, last: 0, total: 0 },
    deleteTarget: null,
    confirming: false,
    deleting: false,
    syncing: null,
  };

  it('loading, then failed', async () => {
    expect(restaurantView(startRestaurants(pending().logic).getSnapshot())).toEqual({
      ...idle,
      loading: true,
      firstLoad: true,
    });
    const failed = startRestaurants(rejecting(500).logic);
    await flush();
    expect(restaurantView(failed.getSnapshot())).toEqual({ ...idle, failed: true });
  });

  it('no restaurant: the empty text; some: the rows and the counters', async () => {
    const none = startRestaurants(resolving(restaurantsOf(0)).logic);
    await flush();
    expect(restaurantView(none.getSnapshot())).toEqual({
      ...idle,
      counts: { all_count: 0, active_count: 0, inactive_count: 0 },
      empty: true,
    });
    const three = startRestaurants(resolving(restaurantsOf(3)).logic);
    await flush();
    expect(restaurantView(three.getSnapshot())).toEqual({
      ...idle,
      counts: { all_count: 3, active_count: 3, inactive_count: 0 },
      rows: [1, 2, 3],
      range: { first: 1, last: 3, total: 3 },
    });
  });

  it('page 2 of 23: rows 11–20 numbered in the whole list; a filter matching nothing: "nothing found"', async () => {
    const actor = startRestaurants(resolving(restaurantsOf(23)).logic);
    await flush();
    actor.send({ type: 'page.next' });
    // Page 2 on its way: page 1's rows stay, the search box says it loads (no spinner above the table).
    expect(restaurantView(actor.getSnapshot())).toMatchObject({ loading: true, firstLoad: false, reloading: true });
    await flush();
    expect(restaurantView(actor.getSnapshot())).toMatchObject({
      page: 2,
      reloading: false,
      pageCount: 3,
      rows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      range: { first: 11, last: 20, total: 23 },
    });
    actor.send({ type: 'filter.status', value: 'inactive' });
    await flush();
    expect(restaurantView(actor.getSnapshot())).toMatchObject({
      page: 1,
      pageCount: 1,
      rows: [],
      empty: false,
      nothingFound: true,
      range: { first: 0, last: 0, total: 0 },
    });
  });

  it('the delete question: its restaurant, confirming, the running cycle', async () => {
    const actor = startRestaurants(resolving(restaurantsOf(3)).logic);
    await flush();
    actor.send({ type: 'restaurant.delete', id: 'r2' });
    expect(restaurantView(actor.getSnapshot())).toMatchObject({ deleteTarget: 'r2', confirming: true, deleting: true });
    actor.send({ type: 'confirm.no' });
    await flush();
    expect(restaurantView(actor.getSnapshot())).toMatchObject({
      deleteTarget: null,
      confirming: false,
      deleting: false,
    });
  });

  it('the row being synced shows its spinner, and none once the sync ends', async () => {
    const actor = startRestaurants(resolving(restaurantsOf(3)).logic);
    await flush();
    actor.send({ type: 'restaurant.sync', id: 'r1' });
    expect(restaurants.selectSyncingId(actor.getSnapshot())).toBe('r1');
    const done = startRestaurants(resolving(restaurantsOf(3)).logic, resolving(syncAnswer(0, 0, 0)).logic);
    await flush();
    done.send({ type: 'restaurant.sync', id: 'r1' });
    await flush();
    expect(restaurants.selectSyncingId(done.getSnapshot())).toBeNull();
  });
});

describe('category list selectors: a manager’s list before its restaurant is known', () => {
  it('while loading it does not yet say “no restaurant”', () => {
    const machine = categoryListMachine.provide({ actors: { loadCategories: pending().logic } as never });
    const actor = createActor(machine, { input: { restaurantId: null } }).start();
    expect(categories.selectHasNoRestaurant(actor.getSnapshot())).toBe(false);
    expect(categories.selectRestaurantId(actor.getSnapshot())).toBeNull();
  });
});
