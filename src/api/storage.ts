/** The browser storage keys of spec section 3. Reading happens here; writes are actions React provides to machines. */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const RESTAURANT_ID_KEY = 'restaurantId';

export function readToken(): string | null {
  return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
}
