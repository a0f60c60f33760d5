import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { stopListActors } from '../../machines/stopList/stopList.actors';

/** The stop-list's calls (spec 3, 2.11) with the API client replaced: which restaurant is loaded, what a move sends. */
const api = vi.hoisted(() => ({
  myRestaurants: vi.fn(),
  restaurantCategories: vi.fn(),
  restaurantProducts: vi.fn(),
  setProductsAvailability: vi.fn(),
}));
vi.mock('../../client/myRestaurants', () => ({ myRestaurants: api.myRestaurants }));
vi.mock('../../client/stopList', () => ({
  restaurantCategories: api.restaurantCategories,
  restaurantProducts: api.restaurantProducts,
  setProductsAvailability: api.setProductsAvailability,
}));

const load = (restaurantId: string | null) =>
  toPromise(createActor(stopListActors.loadStopList, { input: { restaurantId } }).start());

beforeEach(() => {
  vi.resetAllMocks();
  api.restaurantCategories.mockImplementation(async (id: string) => [{ _id: `cat-of-${id}` }]);
  api.restaurantProducts.mockImplementation(async (id: string) => [{ _id: `prod-of-${id}` }]);
});

describe('stop-list load', () => {
  it('loads the stored restaurant: its categories and products, with the abort signal', async () => {
    expect(await load('r1')).toEqual({
      restaurantId: 'r1',
      categories: [{ _id: 'cat-of-r1' }],
      products: [{ _id: 'prod-of-r1' }],
    });
    expect(api.restaurantCategories).toHaveBeenCalledWith('r1', { signal: expect.any(AbortSignal) });
    expect(api.restaurantProducts).toHaveBeenCalledWith('r1', { signal: expect.any(AbortSignal) });
    expect(api.myRestaurants).not.toHaveBeenCalled();
  });

  it('without a stored restaurant, or with one no longer the manager’s (404), takes the first of /me', async () => {
    api.myRestaurants.mockResolvedValue([{ _id: 'r7' }, { _id: 'r8' }]);
    expect((await load(null)).restaurantId).toBe('r7');
    expect(api.myRestaurants).toHaveBeenCalledWith({ signal: expect.any(AbortSignal) });
    api.restaurantCategories.mockImplementation(async (id: string) => {
      if (id === 'gone') throw new ApiError(404, 'not found');
      return [{ _id: `cat-of-${id}` }];
    });
    expect(await load('gone')).toMatchObject({ restaurantId: 'r7', categories: [{ _id: 'cat-of-r7' }] });
  });

  it('another failure of the stored restaurant is the load’s failure', async () => {
    api.restaurantCategories.mockRejectedValue(new ApiError(500, 'down'));
    await expect(load('r1')).rejects.toThrow('down');
    expect(api.myRestaurants).not.toHaveBeenCalled();
  });

  it('a manager without a restaurant gets an empty stop-list', async () => {
    api.myRestaurants.mockResolvedValue([]);
    expect(await load(null)).toEqual({ restaurantId: null, categories: [], products: [] });
    expect(api.restaurantCategories).not.toHaveBeenCalled();
  });
});

describe('stop-list move', () => {
  it('sends the ids and the direction, and answers what the server changed', async () => {
    const change = { products: ['p1'], categories: [] };
    api.setProductsAvailability.mockResolvedValue(change);
    const actor = createActor(stopListActors.moveProducts, { input: { ids: ['p1'], is_active: false } }).start();
    expect(await toPromise(actor)).toBe(change);
    expect(api.setProductsAvailability).toHaveBeenCalledWith(['p1'], false, { signal: expect.any(AbortSignal) });
  });
});
