import { type CallOptions, request } from './client';
import type { Counts, Restaurant, RestaurantInput } from './types';

/** GET /admin/restaurants → `{ restaurants, counts }`. */
export function listRestaurants(options: CallOptions = {}) {
  return request<{ restaurants: Restaurant[]; counts: Counts }>('/admin/restaurants', options);
}

/** GET /manager/restaurants/me → `{ data }`, an array or a single restaurant (spec 7): always answered as a list. */
export async function myRestaurants(options: CallOptions = {}): Promise<Restaurant[]> {
  const answer = await request<{ data: Restaurant[] | Restaurant | null }>('/manager/restaurants/me', options);
  if (!answer.data) return [];
  return Array.isArray(answer.data) ? answer.data : [answer.data];
}

/** POST /admin/restaurants/create → 201 `{ data }`. */
export async function createRestaurant(input: RestaurantInput, options: CallOptions = {}) {
  const answer = await request<{ data: Restaurant }>('/admin/restaurants/create', {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

/** PUT /manager/restaurants/update?slug= with only the changed fields → `{ data }`. */
export async function updateRestaurant(slug: string, changes: Partial<RestaurantInput>, options: CallOptions = {}) {
  const answer = await request<{ data: Restaurant }>('/manager/restaurants/update', {
    ...options,
    method: 'PUT',
    query: { slug },
    body: changes,
  });
  return answer.data;
}

/** DELETE /admin/restaurants/delete?slug=. */
export async function deleteRestaurant(slug: string, options: CallOptions = {}): Promise<void> {
  await request('/admin/restaurants/delete', { ...options, method: 'DELETE', query: { slug } });
}

/** GET /user/restaurants/view?slug= → `{ data }`. */
export async function viewRestaurant(slug: string, options: CallOptions = {}) {
  const answer = await request<{ data: Restaurant }>('/user/restaurants/view', { ...options, query: { slug } });
  return answer.data;
}
