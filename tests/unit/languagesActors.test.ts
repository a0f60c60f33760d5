import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/client';
import { restaurantLanguagesActor, uzbekOnlyActor } from '../../machines/shared/languages.actors';
import { run, withSignal } from './actorHarness';

/** Issue 18: the menu languages the manager's lists and forms read, with the API client and storage replaced. */
const api = vi.hoisted(() => ({ myRestaurants: vi.fn(), readRestaurantId: vi.fn() }));
vi.mock('../../client/restaurants', () => ({ myRestaurants: api.myRestaurants }));
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
    expect(await run(uzbekOnlyActor, { restaurantId: 'r1' })).toEqual(['uz']);
  });

  it('a failed read is its failure (the list then stays in Uzbek alone)', async () => {
    api.myRestaurants.mockRejectedValue(new ApiError(503, 'Server hozir band'));
    await expect(run(restaurantLanguagesActor, { restaurantId: 'r1' })).rejects.toThrow('Server hozir band');
  });
});
