import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/myRestaurants';

export const managerRestaurantsActors = {
  loadMyRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => myRestaurants({ signal })),
};
