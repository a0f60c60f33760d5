import type { Static } from 'typebox';
import type { RestaurantListAnswer, TerminalGroupsAnswer } from '../server/schemas/restaurants';
import { type CallOptions, request } from './client';
import { type ListPageParams, listQuery } from './listPage';
import { requestPrefetched } from './prefetched';
import type { Restaurant, RestaurantInput, RestaurantType } from './types';

/**
 * GET /admin/restaurants?id=: one restaurant by its id (an admin's lookup: its slug for /viewRestaurant/{id}, its name
 * for a title), a page of one row instead of the whole list (1.27 MB at 2,500 restaurants). Null when there is none.
 */
export async function findRestaurant(id: string, options: CallOptions = {}): Promise<Restaurant | null> {
  const answer = await request<{ restaurants: Restaurant[] }>('/admin/restaurants', { ...options, query: { id } });
  return answer.restaurants[0] ?? null;
}

/** What the admin's list asks for: a page, a search and the status / type filters. */
export interface RestaurantPageParams extends ListPageParams {
  type?: RestaurantType;
}

type ListAnswer = Static<typeof RestaurantListAnswer>;
/**
 * One page of GET /admin/restaurants (the server's answer schema): its rows, the counts of all restaurants, and
 * `total` (matching rows in all pages), `page`, `limit`, which a paged answer always has.
 */
export type RestaurantPage = ListAnswer & Required<Pick<ListAnswer, 'total' | 'page' | 'limit'>>;

/** GET /admin/restaurants?page=&limit=&q=&is_active=&type= → one page (any parameter makes the answer a page). */
export function pageRestaurants(params: RestaurantPageParams, options: CallOptions = {}) {
  const query = listQuery(params);
  if (params.type) query.type = params.type;
  // The admin list's first page on a direct visit is started by the route preloader (client/prefetched.ts).
  return requestPrefetched<RestaurantPage>('/admin/restaurants', { ...options, query });
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

/** One POS terminal group of an integration restaurant: what `pos_terminal_group_id` takes, and its name. */
export type TerminalGroup = Static<typeof TerminalGroupsAnswer>['data'][number];

/**
 * GET /manager/restaurants/terminal-groups?restaurantId= → the POS's terminal groups, in its order (the first is the
 * one a restaurant without a chosen group uses).
 */
export async function listTerminalGroups(restaurantId: string, options: CallOptions = {}): Promise<TerminalGroup[]> {
  const answer = await request<{ data: TerminalGroup[] }>('/manager/restaurants/terminal-groups', {
    ...options,
    query: { restaurantId },
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
