import { type CallOptions, request } from './client';

/**
 * The two custom display orders (spec 4) the server keeps, as positions: every id of the scope once, first to last,
 * answered with the list in that order. A category's scope is its restaurant, a product's its category. The caller
 * names the answer's item type (client/categories.ts, client/products.ts), so this module needs neither.
 */
const LISTS = {
  categories: { path: '/manager/category/order', scope: 'restaurant_id' },
  products: { path: '/manager/products/order', scope: 'category_id' },
} as const;

export type PositionedList = keyof typeof LISTS;

/** PUT /manager/category/order or /manager/products/order → `{ data }`. */
export async function savePositions<Item>(
  list: PositionedList,
  scopeId: string,
  ids: string[],
  options: CallOptions = {},
): Promise<Item[]> {
  const { path, scope } = LISTS[list];
  const answer = await request<{ data: Item[] }>(path, { ...options, method: 'PUT', body: { [scope]: scopeId, ids } });
  return answer.data;
}
