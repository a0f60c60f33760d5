import { fromPromise } from 'xstate';
import { getProfile, login } from '../../src/api/auth';
import { myRestaurants } from '../../src/api/restaurants';

/** The auth machine's calls: thin wrappers over src/api that throw on failure (the machine's onError handles it). */
export const authActors = {
  login: fromPromise(({ input, signal }: { input: { login: string; password: string }; signal: AbortSignal }) =>
    login(input, { signal }),
  ),
  loadProfile: fromPromise(({ signal }: { signal: AbortSignal }) => getProfile({ signal })),
  loadMyRestaurants: fromPromise(({ signal }: { signal: AbortSignal }) => myRestaurants({ signal })),
};
