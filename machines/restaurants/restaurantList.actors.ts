import { fromPromise } from 'xstate';
import { pageRestaurants, type RestaurantPageParams } from '../../client/restaurants';
import { restaurantSyncActors } from './restaurantSync.actors';

export const restaurantListActors = {
  /** One page of the matching restaurants with the counters (the server pages and filters). */
  loadRestaurants: fromPromise(({ input, signal }: { input: RestaurantPageParams; signal: AbortSignal }) =>
    pageRestaurants(input, { signal }),
  ),
  syncRestaurant: restaurantSyncActors.syncRestaurant,
};
