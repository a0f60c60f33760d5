import type { Schedule } from '../lib/schedule-types';
import type { CategoryView } from '../server/schemas/categories';
import { type CallOptions, request } from './client';
import { savePositions } from './positions';
import type { Counts, TranslationsInput } from './types';

/** Spec 3: a category (with the server's display position). */
export type Category = CategoryView;

export interface CategoryList {
  categories: Category[];
  count: Counts;
}

/** GET /manager/category[?restaurant_id=] → `{ categories, count }`: the caller's categories in display order. */
export function listManagerCategories(restaurantId: string | null, options: CallOptions = {}) {
  return request<CategoryList>('/manager/category', {
    ...options,
    ...(restaurantId ? { query: { restaurant_id: restaurantId } } : {}),
  });
}

/** GET /user/category?restaurant_id= → `{ categories, count }` (spec 6: the admin's category screen reads this). */
export function listRestaurantCategories(restaurantId: string, options: CallOptions = {}) {
  return request<CategoryList>('/user/category', { ...options, query: { restaurant_id: restaurantId } });
}

export interface CategoryInput {
  title: string;
  restaurant_id: string;
  is_active: boolean;
  /** The title in other languages (only languages with a text). */
  translations?: TranslationsInput;
  /** The kitchen station that makes its dishes; null: the restaurant's first. */
  station_id?: string | null;
  /** When its dishes are served (the restaurant's time zone); null: always. */
  schedule?: Schedule | null;
}

/** An update's body: only what changed; `translations` names only the changed languages (`null` removes one). */
export type CategoryChanges = Partial<
  Pick<CategoryInput, 'title' | 'is_active' | 'translations' | 'station_id' | 'schedule'>
>;

/** POST /manager/category/create → 201 `{ data }`. */
export async function createCategory(input: CategoryInput, options: CallOptions = {}) {
  const answer = await request<{ data: Category }>('/manager/category/create', {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

/** PUT /manager/category/update/{id} with only the changed fields → `{ data }`. */
export async function updateCategory(id: string, changes: CategoryChanges, options: CallOptions = {}) {
  const answer = await request<{ data: Category }>(`/manager/category/update/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: changes,
  });
  return answer.data;
}

/** DELETE /manager/category/delete/{id} (its products, options and rows go with it). */
export async function deleteCategory(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/category/delete/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}

/** PUT /manager/category/order: every category id of the restaurant once, in its new position. */
export const saveCategoryPositions = (restaurantId: string, ids: string[], options: CallOptions = {}) =>
  savePositions<Category>('categories', restaurantId, ids, options);
