import { fromPromise } from 'xstate';
import { syncRestaurant } from '../../client/integration';

export interface RestaurantSyncInput {
  restaurantId: string;
}

export const restaurantSyncActors = {
  /** PUT /admin/integration/restaurants/{id}/sync: up to 60 s (the client's timeout for this call). */
  syncRestaurant: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    syncRestaurant(input.id, { signal }),
  ),
};
