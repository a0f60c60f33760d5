/**
 * Display order of a list as a list of ids (spec 3: `categoryOrder_{restaurantId}`, `productOrder_{categoryId}`).
 * Pure functions shared by the ordering machine, its selectors and the screens.
 */

export const CATEGORY_ORDER_PREFIX = 'categoryOrder_';
export const PRODUCT_ORDER_PREFIX = 'productOrder_';

/** The localStorage key of a scope's order (a restaurant's categories, a category's products). */
export const orderKey = (prefix: string, scopeId: string) => `${prefix}${scopeId}`;

export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => b[i] === id);

/** Which page block an index is in; `null` page size: the whole list is one block. */
const blockOf = (index: number, pageSize: number | null) => (pageSize ? Math.floor(index / pageSize) : 0);

/**
 * Spec 4: "Product order applies per page (10 per page)": with a page size, an item only moves within its page;
 * the other pages keep their places.
 */
export function canMoveTo(ids: readonly string[], id: string, toIndex: number, pageSize: number | null): boolean {
  const from = ids.indexOf(id);
  if (from < 0 || toIndex < 0 || toIndex >= ids.length || toIndex === from) return false;
  return blockOf(from, pageSize) === blockOf(toIndex, pageSize);
}

/** `ids` with `id` taken out and put at `toIndex`. */
export function moveTo(ids: readonly string[], id: string, toIndex: number): string[] {
  const rest = ids.filter((other) => other !== id);
  rest.splice(toIndex, 0, id);
  return rest;
}

export const withoutId = (ids: readonly string[], id: string) => ids.filter((other) => other !== id);

/** Items in the order of `ids`; items the order does not know yet (just created) come last, as loaded. */
export function inOrder<T extends { _id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, rank: rank.get(item._id) ?? ids.length + i }))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.item);
}
