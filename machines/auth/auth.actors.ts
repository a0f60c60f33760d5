import { fromPromise } from 'xstate';
import { getProfile, login } from '../../client/auth';
import { myRestaurants } from '../../client/restaurants';

/** The auth machine's calls: thin wrappers over client/ that throw on failure (the machine's onError handles it). */
export const authActors = {
  login: fromPromise(({ input, signal }: { input: { login: string; password: string }; signal: AbortSignal }) =>
    login(input, { signal }),
  ),
  loadProfile: fromPromise(({ signal }: { signal: AbortSignal }) => getProfile({ signal })),
  loadMyRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => myRestaurants({ signal })),
};
