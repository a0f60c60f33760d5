import { fromPromise } from 'xstate';
import { myRestaurants } from '../../src/api/restaurants';

export const managerRestaurantsActors = {
  loadMyRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => myRestaurants({ signal })),
};
