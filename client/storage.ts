import { safeLocalStorage } from './safeStorage';

/**
 * The browser storage keys of spec section 3. Reading happens here; writes are actions React provides to machines.
 * Both go through `safeLocalStorage`: where the browser blocks storage the values live in memory for the session.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const RESTAURANT_ID_KEY = 'restaurantId';

export function readToken(): string | null {
  return safeLocalStorage.getItem(ACCESS_TOKEN_KEY);
}

/** The manager's restaurant as the auth session stored it (spec 3: the first restaurant of /manager/restaurants/me). */
export function readRestaurantId(): string | null {
  return safeLocalStorage.getItem(RESTAURANT_ID_KEY) || null;
}
