import type { SnapshotFrom } from 'xstate';
import type { Role } from '../../client/types';
import type { authMachine } from './auth.machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The logged-in role, or null when nobody is logged in. */
export function selectRole(snapshot: AuthSnapshot): Role | null {
  if (snapshot.matches({ loggedIn: { role: 'admin' } })) return 'admin';
  if (snapshot.matches({ loggedIn: { role: 'manager' } })) return 'manager';
  return null;
}

export const selectIsSubmitting = (s: AuthSnapshot) => s.matches({ loggedOut: 'submitting' });
export const selectIsInvalid = (s: AuthSnapshot) => s.matches({ loggedOut: 'invalid' });
/** The fields the last submit left empty. */
export const selectMissing = (s: AuthSnapshot) => (s.matches({ loggedOut: 'invalid' }) ? s.context.missing : []);
export const selectLoginError = (s: AuthSnapshot) => (s.matches({ loggedOut: 'failed' }) ? s.context.error : null);
export const selectSessionExpired = (s: AuthSnapshot) => s.matches({ loggedOut: 'expired' });
export const selectProfile = (s: AuthSnapshot) => s.context.profile;
export const selectProfileLoading = (s: AuthSnapshot) =>
  s.matches({ loggedIn: { session: 'loadingProfile' } }) || s.matches({ loggedIn: { session: 'loadingRestaurant' } });
export const selectProfileFailed = (s: AuthSnapshot) => s.matches({ loggedIn: { session: 'failed' } });
export const selectConfirmingLogout = (s: AuthSnapshot) => s.matches({ loggedIn: { session: 'confirmingLogout' } });
/** The restaurant a manager's category list and stop-list work on (spec 3: restaurantId). */
export const selectRestaurantId = (s: AuthSnapshot) => s.context.restaurantId;
/** The working restaurant's name, only for a manager with several restaurants (with one, there is nothing to tell). */
export function selectWorkingRestaurantName(s: AuthSnapshot): string | null {
  const { restaurants, restaurantId } = s.context;
  if (restaurants.length < 2) return null;
  return restaurants.find((restaurant) => restaurant._id === restaurantId)?.name ?? null;
}

/** A manager's restaurants as the session knows them (the shell's header switches between them). */
export const selectManagerRestaurants = (s: AuthSnapshot) => s.context.restaurants;
/** The working restaurant's name, whatever the number of restaurants (the shell's header shows it). */
export const selectRestaurantName = (s: AuthSnapshot) =>
  s.context.restaurants.find((restaurant) => restaurant._id === s.context.restaurantId)?.name ?? null;
/** The session knows who is logged in and, for a manager, their restaurants. */
export const selectSessionReady = (s: AuthSnapshot) =>
  s.matches({ loggedIn: { session: 'ready' } }) || s.matches({ loggedIn: { session: 'confirmingLogout' } });
