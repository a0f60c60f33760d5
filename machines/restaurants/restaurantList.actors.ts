import { fromPromise } from 'xstate';
import { syncRestaurant } from '../../client/integration';
import { pageRestaurants, type RestaurantPageParams } from '../../client/restaurants';

export const restaurantListActors = {
  /** One page of the matching restaurants with the counters (issue 13 #3: the server pages and filters). */
  loadRestaurants: fromPromise(({ input, signal }: { input: RestaurantPageParams; signal: AbortSignal }) =>
    pageRestaurants(input, { signal }),
  ),
  /** Up to 60 s (the client's timeout for this call). */
  syncRestaurant: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    syncRestaurant(input.id, { signal }),
  ),
};
