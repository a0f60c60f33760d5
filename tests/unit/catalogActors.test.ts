import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import {
  adminCategoryListActors,
  categoryListActors,
  deleteCategoryActor,
  restaurantNameActor,
  saveCategoryPositionsActor,
} from '../../machines/categories/categoryList.actors';
import {
  categoryTitleActor,
  deleteProductActor,
  managerProductListActors,
  productListActors,
  saveProductPositionsActor,
} from '../../machines/products/productList.actors';
import { abortsWithActor, run, withSignal } from './actorHarness';

/** The category and product lists' calls (spec 2.8, 2.9, 6) with the API client replaced. */
const api = vi.hoisted(() => ({
  myRestaurants: vi.fn(),
  findRestaurant: vi.fn(),
  listManagerCategories: vi.fn(),
  listRestaurantCategories: vi.fn(),
  deleteCategory: vi.fn(),
  saveCategoryPositions: vi.fn(),
  listCategoryProducts: vi.fn(),
  listManagerProducts: vi.fn(),
  deleteProduct: vi.fn(),
  saveProductPositions: vi.fn(),
}));
vi.mock('../../client/restaurants', () => ({ findRestaurant: api.findRestaurant }));
vi.mock('../../client/myRestaurants', () => ({ myRestaurants: api.myRestaurants }));
vi.mock('../../client/categories', () => ({
  listManagerCategories: api.listManagerCategories,
  listRestaurantCategories: api.listRestaurantCategories,
  deleteCategory: api.deleteCategory,
  saveCategoryPositions: api.saveCategoryPositions,
}));
vi.mock('../../client/products', () => ({
  listCategoryProducts: api.listCategoryProducts,
  listManagerProducts: api.listManagerProducts,
  deleteProduct: api.deleteProduct,
  saveProductPositions: api.saveProductPositions,
}));

const count = { all_count: 2, active_count: 1, inactive_count: 1 };
const list = (id: string) => ({ categories: [{ _id: `cat-of-${id}` }], count });

beforeEach(() => {
  vi.resetAllMocks();
  api.listManagerCategories.mockImplementation(async (id: string) => list(id));
  api.listRestaurantCategories.mockImplementation(async (id: string) => list(id));
});

describe('manager’s category list: loadCategories', () => {
  it('loads the known restaurant’s categories from the manager call', async () => {
    expect(await run(categoryListActors.loadCategories, { restaurantId: 'r1' })).toEqual({
      restaurantId: 'r1',
      ...list('r1'),
    });
    expect(api.listManagerCategories).toHaveBeenCalledWith('r1', withSignal());
    expect(api.myRestaurants).not.toHaveBeenCalled();
    expect(api.listRestaurantCategories).not.toHaveBeenCalled();
  });

  it('before the login stored a restaurant, loads the manager’s first one', async () => {
    api.myRestaurants.mockResolvedValue([{ _id: 'r7' }, { _id: 'r8' }]);
    expect(await run(categoryListActors.loadCategories, { restaurantId: null })).toEqual({
      restaurantId: 'r7',
      ...list('r7'),
    });
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
  });

  it('a manager without a restaurant gets an empty list with zero counts, and no list call', async () => {
    api.myRestaurants.mockResolvedValue([]);
    expect(await run(categoryListActors.loadCategories, { restaurantId: null })).toEqual({
      restaurantId: null,
      categories: [],
      count: { all_count: 0, active_count: 0, inactive_count: 0 },
    });
    expect(api.listManagerCategories).not.toHaveBeenCalled();
  });

  it('a failed list is the load’s failure', async () => {
    api.listManagerCategories.mockRejectedValue(new ApiError(500, 'Serverda xatolik'));
    await expect(run(categoryListActors.loadCategories, { restaurantId: 'r1' })).rejects.toThrow('Serverda xatolik');
  });
});

describe('admin’s category list: loadCategories', () => {
  it('shows the public call’s categories, with their translations from the manager call', async () => {
    api.listRestaurantCategories.mockResolvedValue({
      categories: [
        { _id: 'k1', title: 'Ichimliklar' },
        { _id: 'k2', title: 'Taomlar' },
      ],
      count,
    });
    api.listManagerCategories.mockResolvedValue({
      categories: [
        { _id: 'k2', title: 'Taomlar', translations: { ru: { title: 'Блюда' } } },
        { _id: 'k1', title: 'x' },
      ],
      count,
    });
    expect(await run(adminCategoryListActors.loadCategories, { restaurantId: 'r1' })).toEqual({
      restaurantId: 'r1',
      categories: [
        { _id: 'k1', title: 'Ichimliklar' },
        { _id: 'k2', title: 'Taomlar', translations: { ru: { title: 'Блюда' } } },
      ],
      count,
    });
    expect(api.listRestaurantCategories).toHaveBeenCalledWith('r1', withSignal());
    expect(api.listManagerCategories).toHaveBeenCalledWith('r1', withSignal());
  });

  it('with no restaurant it asks the public call for the empty id (an empty list) and not the manager call', async () => {
    expect(await run(adminCategoryListActors.loadCategories, { restaurantId: null })).toEqual({
      restaurantId: null,
      ...list(''),
    });
    expect(api.listManagerCategories).not.toHaveBeenCalled();
  });

  it('a failed translations read is the load’s failure', async () => {
    api.listManagerCategories.mockRejectedValue(new ApiError(500, 'Serverda xatolik'));
    await expect(run(adminCategoryListActors.loadCategories, { restaurantId: 'r1' })).rejects.toThrow(
      'Serverda xatolik',
    );
  });
});

describe('category and product calls of the lists', () => {
  it('deletes a category and a product by id', async () => {
    await run(deleteCategoryActor, { id: 'c1' });
    expect(api.deleteCategory).toHaveBeenCalledWith('c1', withSignal());
    await run(deleteProductActor, { id: 'p1' });
    expect(api.deleteProduct).toHaveBeenCalledWith('p1', withSignal());
  });

  it('saves positions for their scope: categories of a restaurant, products of a category', async () => {
    api.saveCategoryPositions.mockResolvedValue({ ok: true });
    expect(await run(saveCategoryPositionsActor, { scopeId: 'r1', ids: ['c2', 'c1'] })).toEqual({ ok: true });
    expect(api.saveCategoryPositions).toHaveBeenCalledWith('r1', ['c2', 'c1'], withSignal());
    api.saveProductPositions.mockResolvedValue({ ok: true });
    expect(await run(saveProductPositionsActor, { scopeId: 'c1', ids: ['p2', 'p1'] })).toEqual({ ok: true });
    expect(api.saveProductPositions).toHaveBeenCalledWith('c1', ['p2', 'p1'], withSignal());
  });

  it('a refused delete is the actor’s failure; leaving the question aborts the call', async () => {
    api.deleteCategory.mockRejectedValue(new ApiError(409, 'Kategoriyada mahsulotlar bor'));
    await expect(run(deleteCategoryActor, { id: 'c1' })).rejects.toThrow('Kategoriyada mahsulotlar bor');
    api.deleteProduct.mockReturnValue(new Promise(() => {}));
    expect(
      await abortsWithActor(deleteProductActor, { id: 'p1' }, () => api.deleteProduct.mock.lastCall?.[1].signal),
    ).toBe(true);
  });
});

describe('product lists: loadProducts', () => {
  it('the admin’s list answers the public call with its counts, translations from the manager call', async () => {
    const answer = {
      products: [
        { _id: 'p1', is_active: true },
        { _id: 'p2', is_active: false },
      ],
      count,
    };
    api.listCategoryProducts.mockResolvedValue(answer);
    api.listManagerProducts.mockResolvedValue([
      { _id: 'p2', is_active: false, translations: { en: { name: 'Tea' } } },
      { _id: 'p1', is_active: true },
    ]);
    expect(await run(productListActors.loadProducts, { categoryId: 'c1' })).toEqual({
      products: [
        { _id: 'p1', is_active: true },
        { _id: 'p2', is_active: false, translations: { en: { name: 'Tea' } } },
      ],
      count,
    });
    expect(api.listCategoryProducts).toHaveBeenCalledWith('c1', withSignal());
    expect(api.listManagerProducts).toHaveBeenCalledWith('c1', withSignal());
    api.listManagerProducts.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    await expect(run(productListActors.loadProducts, { categoryId: 'c1' })).rejects.toThrow('Server hozir band');
  });

  it('the manager’s list counts all, active and inactive products itself', async () => {
    const products = [
      { _id: 'p1', is_active: true },
      { _id: 'p2', is_active: false },
      { _id: 'p3', is_active: true },
    ];
    api.listManagerProducts.mockResolvedValue(products);
    expect(await run(managerProductListActors.loadProducts, { categoryId: 'c1' })).toEqual({
      products,
      count: { all_count: 3, active_count: 2, inactive_count: 1 },
    });
    expect(api.listManagerProducts).toHaveBeenCalledWith('c1', withSignal());
    expect(api.listCategoryProducts).not.toHaveBeenCalled();
  });

  it('an empty manager’s list counts zeros', async () => {
    api.listManagerProducts.mockResolvedValue([]);
    expect(await run(managerProductListActors.loadProducts, { categoryId: 'c1' })).toEqual({
      products: [],
      count: { all_count: 0, active_count: 0, inactive_count: 0 },
    });
  });
});

describe('titles: the category of a product list, the restaurant of the admin’s category list', () => {
  const categories = {
    categories: [
      { _id: 'c1', title: 'Salatlar' },
      { _id: 'c2', title: 'Ichimliklar' },
    ],
    count,
  };

  it('a manager’s category title comes from their own categories', async () => {
    api.listManagerCategories.mockResolvedValue(categories);
    expect(await run(categoryTitleActor, { categoryId: 'c2', role: 'manager', restaurantId: null })).toBe(
      'Ichimliklar',
    );
    expect(api.listManagerCategories).toHaveBeenCalledWith(null, withSignal());
    expect(api.listRestaurantCategories).not.toHaveBeenCalled();
  });

  it('an admin’s from the restaurant’s categories; without a restaurant, or not found, none and no call', async () => {
    api.listRestaurantCategories.mockResolvedValue(categories);
    expect(await run(categoryTitleActor, { categoryId: 'c1', role: 'admin', restaurantId: 'r1' })).toBe('Salatlar');
    expect(api.listRestaurantCategories).toHaveBeenCalledWith('r1', withSignal());
    expect(await run(categoryTitleActor, { categoryId: 'c9', role: 'admin', restaurantId: 'r1' })).toBeNull();
    api.listRestaurantCategories.mockClear();
    expect(await run(categoryTitleActor, { categoryId: 'c1', role: 'admin', restaurantId: null })).toBeNull();
    expect(api.listRestaurantCategories).not.toHaveBeenCalled();
    expect(api.listManagerCategories).not.toHaveBeenCalled();
  });

  it('the restaurant’s name is looked up by its id (one row, not the whole list); an unknown id has none', async () => {
    api.findRestaurant.mockResolvedValue({ _id: 'r1', name: 'Rayhon' });
    expect(await run(restaurantNameActor, { restaurantId: 'r1' })).toBe('Rayhon');
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', withSignal());
    api.findRestaurant.mockResolvedValue(null);
    expect(await run(restaurantNameActor, { restaurantId: 'r2' })).toBeNull();
  });
});
