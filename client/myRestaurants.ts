import { type CallOptions, request } from './client';
import type { Restaurant } from './types';

// A manager's own restaurants and the one they work on: what the session asks at login, apart from the admin's
// restaurant calls so that the login page does not download those.

/** GET /manager/restaurants/me → `{ data }`, an array or a single restaurant (spec 7): always answered as a list. */
export async function myRestaurants(options: CallOptions = {}): Promise<Restaurant[]> {
  const answer = await request<{ data: Restaurant[] | Restaurant | null }>('/manager/restaurants/me', options);
  if (!answer.data) return [];
  return Array.isArray(answer.data) ? answer.data : [answer.data];
}

/** GET /manager/restaurants/working → the manager's remembered working restaurant (null: none, or no longer theirs). */
export async function workingRestaurant(options: CallOptions = {}): Promise<string | null> {
  const answer = await request<{ data: { restaurant_id: string | null } }>('/manager/restaurants/working', options);
  return answer.data.restaurant_id;
}

/** PUT /manager/restaurants/working `{ restaurant_id }`: remembers the choice for the manager's next login (404: not theirs). */
export async function chooseWorkingRestaurant(restaurantId: string, options: CallOptions = {}): Promise<void> {
  await request('/manager/restaurants/working', { ...options, method: 'PUT', body: { restaurant_id: restaurantId } });
}
