import type { Category } from './categories';
import { type CallOptions, request } from './client';
import type { Product } from './products';

/**
 * The two custom display orders (spec 4) the server keeps: every id of the scope once, in the new order, answered
 * with the list in that order. A category order's scope is its restaurant, a product order's its category.
 */
const ORDERS = {
  categories: { path: '/manager/category/order', scope: 'restaurant_id' },
  products: { path: '/manager/products/order', scope: 'category_id' },
} as const;

interface Ordered {
  categories: Category;
  products: Product;
}

/** PUT /manager/category/order or /manager/products/order → `{ data }`. */
export async function saveOrder<L extends keyof typeof ORDERS>(
  list: L,
  scopeId: string,
  ids: string[],
  options: CallOptions = {},
): Promise<Array<Ordered[L]>> {
  const { path, scope } = ORDERS[list];
  const answer = await request<{ data: Array<Ordered[L]> }>(path, {
    ...options,
    method: 'PUT',
    body: { [scope]: scopeId, ids },
  });
  return answer.data;
}
