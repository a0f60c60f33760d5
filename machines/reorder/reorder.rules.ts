/**
 * The positions of a list's items (its custom display order, spec 4) as a list of ids, first to last; stored under
 * spec 3's keys `categoryOrder_{restaurantId}` and `productOrder_{categoryId}`. Pure functions shared by the reorder
 * machine, its selectors and the screens.
 */

export const CATEGORY_POSITIONS_PREFIX = 'categoryOrder_';
export const PRODUCT_POSITIONS_PREFIX = 'productOrder_';

/** The localStorage key of a scope's positions (a restaurant's categories, a category's products). */
export const positionsKey = (prefix: string, scopeId: string) => `${prefix}${scopeId}`;

export const samePositions = (a: readonly string[], b: readonly string[]) =>
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

/** Items in the positions `ids` give them; items without a position yet (just created) come last, as loaded. */
export function byPositions<T extends { _id: string }>(items: readonly T[], ids: readonly string[]): T[] {
  const rank = new Map(ids.map((id, i) => [id, i]));
  return items
    .map((item, i) => ({ item, rank: rank.get(item._id) ?? ids.length + i }))
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.item);
}
