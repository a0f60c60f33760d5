import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/myRestaurants';
import {
  type AvailabilityChange,
  restaurantCategories,
  restaurantProducts,
  type StopListCategory,
  type StopListProduct,
  setProductsAvailability,
} from '../../client/stopList';
import { statusOf } from '../shared/errors';

export interface LoadInput {
  /** The stored restaurant id; null: ask /manager/restaurants/me for the first one (spec 3). */
  restaurantId: string | null;
}

export interface LoadOutput {
  /** null: the manager has no restaurant (the screen says 'Mahsulot yo'q'). */
  restaurantId: string | null;
  categories: StopListCategory[];
  products: StopListProduct[];
}

export interface MoveInput {
  ids: string[];
  is_active: boolean;
}

/** Categories and products side by side: a whole restaurant in two requests. */
async function loadRestaurant(restaurantId: string, signal: AbortSignal): Promise<LoadOutput> {
  const [categories, products] = await Promise.all([
    restaurantCategories(restaurantId, { signal }),
    restaurantProducts(restaurantId, { signal }),
  ]);
  return { restaurantId, categories, products };
}

/**
 * The stored restaurant; when none is stored, or it is no longer this manager's (404: reassigned by an admin since
 * the id was stored), the first of /manager/restaurants/me, as the login stores it.
 */
async function loadStopList({ input, signal }: { input: LoadInput; signal: AbortSignal }): Promise<LoadOutput> {
  if (input.restaurantId) {
    try {
      return await loadRestaurant(input.restaurantId, signal);
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }
  const first = (await myRestaurants({ signal }))[0]?._id;
  if (!first) return { restaurantId: null, categories: [], products: [] };
  return loadRestaurant(first, signal);
}

export const stopListActors = {
  loadStopList: fromPromise(loadStopList),
  moveProducts: fromPromise(
    ({ input, signal }: { input: MoveInput; signal: AbortSignal }): Promise<AvailabilityChange> =>
      setProductsAvailability(input.ids, input.is_active, { signal }),
  ),
};
