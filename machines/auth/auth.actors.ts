import { fromPromise } from 'xstate';
import { getProfile, login } from '../../client/auth';
import { chooseWorkingRestaurant, myRestaurants, workingRestaurant } from '../../client/myRestaurants';
import type { Restaurant } from '../../client/types';

/** A manager's restaurant, `working: true` on the one they chose last (remembered by the server, on any device). */
export type SessionRestaurant = Restaurant & { working?: true };

/** The manager's restaurants with the remembered working one marked (none marked: nothing chosen, or it is gone). */
async function loadMyRestaurants({ signal }: { signal: AbortSignal }): Promise<SessionRestaurant[]> {
  const [restaurants, chosen] = await Promise.all([myRestaurants({ signal }), workingRestaurant({ signal })]);
  return restaurants.map((restaurant) => (restaurant._id === chosen ? { ...restaurant, working: true } : restaurant));
}

/** The auth machine's calls: thin wrappers over client/ that throw on failure (the machine's onError handles it). */
export const authActors = {
  login: fromPromise(({ input, signal }: { input: { login: string; password: string }; signal: AbortSignal }) =>
    login(input, { signal }),
  ),
  loadProfile: fromPromise(({ signal }: { signal: AbortSignal }) => getProfile({ signal })),
  loadMyRestaurants: fromPromise(loadMyRestaurants),
  /** Remembers the manager's choice on the server, so the next login (on any device) opens it. */
  saveWorkingRestaurant: fromPromise(({ input, signal }: { input: { restaurantId: string }; signal: AbortSignal }) =>
    chooseWorkingRestaurant(input.restaurantId, { signal }),
  ),
};
