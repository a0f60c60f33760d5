import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import {
  adminRestaurantLanguagesActor,
  restaurantLanguagesActor,
  withTranslationsFrom,
} from '../../machines/shared/languages.actors';
import { run, withSignal } from './actorHarness';

/** The menu languages the manager's lists and forms read, with the API client and storage replaced. */
const api = vi.hoisted(() => ({
  myRestaurants: vi.fn(),
  findRestaurant: vi.fn(),
  readRestaurantId: vi.fn(),
  getProduct: vi.fn(),
  listManagerCategories: vi.fn(),
}));
vi.mock('../../client/restaurants', () => ({ findRestaurant: api.findRestaurant }));
vi.mock('../../client/products', () => ({ getProduct: api.getProduct }));
vi.mock('../../client/categories', () => ({ listManagerCategories: api.listManagerCategories }));
vi.mock('../../client/myRestaurants', () => ({ myRestaurants: api.myRestaurants }));
vi.mock('../../client/storage', () => ({ readRestaurantId: api.readRestaurantId }));

beforeEach(() => vi.resetAllMocks());

describe('restaurant languages actor', () => {
  it("reads the working restaurant's languages in their order (the stored one when none is named)", async () => {
    api.readRestaurantId.mockReturnValue('r2');
    api.myRestaurants.mockResolvedValue([
      { _id: 'r1', languages: ['uz'] },
      { _id: 'r2', languages: ['ru', 'uz', 'en'] },
    ]);
    expect(await run(restaurantLanguagesActor, { restaurantId: null })).toEqual(['ru', 'uz', 'en']);
    expect(await run(restaurantLanguagesActor, { restaurantId: 'r1' })).toEqual(['uz']);
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
  });

  it('Uzbek alone without a call when no restaurant is known (an admin), or when it is not among the manager’s', async () => {
    api.readRestaurantId.mockReturnValue(null);
    expect(await run(restaurantLanguagesActor, { restaurantId: null })).toEqual(['uz']);
    expect(api.myRestaurants).not.toHaveBeenCalled();
    api.myRestaurants.mockResolvedValue([{ _id: 'r1' }]);
    expect(await run(restaurantLanguagesActor, { restaurantId: 'r9' })).toEqual(['uz']);
    expect(await run(restaurantLanguagesActor, { restaurantId: 'r1' })).toEqual(['uz']);
  });

  it("without a restaurant, a product's own: its category names the restaurant among the manager's", async () => {
    api.readRestaurantId.mockReturnValue('r1');
    api.getProduct.mockResolvedValue({ _id: 'p1', category_id: 'c2' });
    api.listManagerCategories.mockResolvedValue({
      categories: [
        { _id: 'c1', restaurant_id: 'r1' },
        { _id: 'c2', restaurant_id: 'r2' },
      ],
    });
    api.myRestaurants.mockResolvedValue([
      { _id: 'r1', languages: ['uz', 'en'] },
      { _id: 'r2', languages: ['uz', 'ru'] },
    ]);
    // The product's restaurant (r2), not the working one (r1).
    expect(await run(restaurantLanguagesActor, { restaurantId: null, productId: 'p1' })).toEqual(['uz', 'ru']);
    expect(api.getProduct).toHaveBeenCalledWith('p1', withSignal());
    expect(api.listManagerCategories).toHaveBeenCalledWith(null, withSignal());
    expect(api.myRestaurants).toHaveBeenCalledWith(withSignal());
    // A named restaurant wins over the product.
    expect(await run(restaurantLanguagesActor, { restaurantId: 'r1', productId: 'p1' })).toEqual(['uz', 'en']);
  });

  it('a product none of the reads places (another manager’s category, an unknown restaurant) is in Uzbek alone', async () => {
    api.getProduct.mockResolvedValue({ _id: 'p1', category_id: 'c9' });
    api.listManagerCategories.mockResolvedValue({ categories: [{ _id: 'c1', restaurant_id: 'r1' }] });
    api.myRestaurants.mockResolvedValue([{ _id: 'r1', languages: ['uz', 'ru'] }]);
    expect(await run(restaurantLanguagesActor, { restaurantId: null, productId: 'p1' })).toEqual(['uz']);
    api.listManagerCategories.mockResolvedValue({ categories: [{ _id: 'c9', restaurant_id: 'r7' }] });
    expect(await run(restaurantLanguagesActor, { restaurantId: null, productId: 'p1' })).toEqual(['uz']);
  });

  it('a failed read is its failure (the list then stays in Uzbek alone)', async () => {
    api.myRestaurants.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    await expect(run(restaurantLanguagesActor, { restaurantId: 'r1' })).rejects.toThrow('Server hozir band');
  });
});

describe("the admin's lists", () => {
  it("read the named restaurant's languages from GET /admin/restaurants?id=, in their order", async () => {
    api.findRestaurant.mockResolvedValue({ _id: 'r1', languages: ['uz', 'ru', 'uz-Cyrl'] });
    expect(await run(adminRestaurantLanguagesActor, { restaurantId: 'r1' })).toEqual(['uz', 'ru', 'uz-Cyrl']);
    expect(api.findRestaurant).toHaveBeenCalledWith('r1', withSignal());
    expect(api.myRestaurants).not.toHaveBeenCalled();
  });

  it('Uzbek alone for no restaurant (without a call) or an unknown one; a failed read is its failure', async () => {
    expect(await run(adminRestaurantLanguagesActor, { restaurantId: null })).toEqual(['uz']);
    expect(api.findRestaurant).not.toHaveBeenCalled();
    api.findRestaurant.mockResolvedValue(null);
    expect(await run(adminRestaurantLanguagesActor, { restaurantId: 'r9' })).toEqual(['uz']);
    api.findRestaurant.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    await expect(run(adminRestaurantLanguagesActor, { restaurantId: 'r1' })).rejects.toThrow('Server hozir band');
  });

  it("take each item's translations from the other read by id, keeping the shown read's items and order", () => {
    const shown = [
      { _id: 'a', title: 'A' },
      { _id: 'b', title: 'B' },
      { _id: 'c', title: 'C' },
    ];
    const managed = [
      { _id: 'c', title: 'C', translations: { ru: { title: 'Ц' } } },
      { _id: 'a', title: 'A' },
      { _id: 'z', title: 'Z', translations: { en: { title: 'Zed' } } },
    ];
    expect(withTranslationsFrom(shown, managed)).toEqual([
      { _id: 'a', title: 'A' },
      { _id: 'b', title: 'B' },
      { _id: 'c', title: 'C', translations: { ru: { title: 'Ц' } } },
    ]);
  });
});
