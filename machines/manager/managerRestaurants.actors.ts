import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/restaurants';

export const managerRestaurantsActors = {
  loadMyRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => myRestaurants({ signal })),
};
