import { fromPromise } from 'xstate';
import { myRestaurants } from '../../src/api/restaurants';
import {
  type AvailabilityChange,
  restaurantCategories,
  restaurantProducts,
  type StopListCategory,
  type StopListProduct,
  setProductsAvailability,
} from '../../src/api/stopList';

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
async function loadStopList({ input, signal }: { input: LoadInput; signal: AbortSignal }): Promise<LoadOutput> {
  const restaurantId = input.restaurantId ?? (await myRestaurants({ signal }))[0]?._id ?? null;
  if (!restaurantId) return { restaurantId: null, categories: [], products: [] };
  const [categories, products] = await Promise.all([
    restaurantCategories(restaurantId, { signal }),
    restaurantProducts(restaurantId, { signal }),
  ]);
  return { restaurantId, categories, products };
}

export const stopListActors = {
  loadStopList: fromPromise(loadStopList),
  moveProducts: fromPromise(
    ({ input, signal }: { input: MoveInput; signal: AbortSignal }): Promise<AvailabilityChange> =>
      setProductsAvailability(input.ids, input.is_active, { signal }),
  ),
};
