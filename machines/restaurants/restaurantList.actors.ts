import { fromPromise } from 'xstate';
import { syncRestaurant } from '../../client/integration';
import { listRestaurants } from '../../client/restaurants';

export const restaurantListActors = {
  loadRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => listRestaurants({ signal })),
  /** Up to 60 s (the client's timeout for this call). */
  syncRestaurant: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    syncRestaurant(input.id, { signal }),
  ),
};
