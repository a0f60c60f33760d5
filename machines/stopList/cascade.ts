import type { Catalog } from './catalog';

/**
 * The stop-list rules of spec 4, as pure functions over the catalog.
 *
 * - Moving products TO the stop-list sets each inactive; then every ACTIVE category of those products whose
 *   products are all inactive or being moved becomes inactive. A category keeping one available product stays
 *   active; an already inactive category stays as it is.
 * - Taking products OUT sets them active; then every INACTIVE category of those products becomes active (the spec's
 *   "categories with no active products are marked active": a category a product comes back to must be shown).
 *
 * The server applies the same rules in one transaction (server/repositories/products.ts setProductsAvailability)
 * and answers what it changed. The screen predicts the cascade before the call; when the answer differs, the
 * screen's data was stale (another device or a POS sync changed the menu meanwhile) and it reloads.
 */

export interface CategoryChange {
  _id: string;
  is_active: boolean;
}

/** A move: these products get `is_active`. */
export interface Move {
  ids: readonly string[];
  is_active: boolean;
}

/** The categories a move changes, in catalog order. Unknown product ids are ignored (as the server does). */
export function cascade(catalog: Catalog, move: Move): CategoryChange[] {
  const moving = new Set(move.ids);
  const touched = new Set<string>();
  for (const product of catalog.products) if (moving.has(product._id)) touched.add(product.category_id);

  if (move.is_active) {
    return catalog.categories
      .filter((category) => touched.has(category._id) && !category.is_active)
      .map((category) => ({ _id: category._id, is_active: true }));
  }
  // A touched category keeps being active while one of its products is active and not being moved.
  const keepsAvailable = new Set<string>();
  for (const product of catalog.products) {
    if (touched.has(product.category_id) && product.is_active && !moving.has(product._id)) {
      keepsAvailable.add(product.category_id);
    }
  }
  return catalog.categories
    .filter((category) => touched.has(category._id) && category.is_active && !keepsAvailable.has(category._id))
    .map((category) => ({ _id: category._id, is_active: false }));
}

/** The same category changes, whatever the order. */
export function sameChanges(a: readonly CategoryChange[], b: readonly CategoryChange[]): boolean {
  if (a.length !== b.length) return false;
  const wanted = new Map(a.map((change) => [change._id, change.is_active]));
  return b.every((change) => wanted.get(change._id) === change.is_active);
}

/** The catalog after a move: the products get `is_active`, the categories take the given changes. */
export function applyMove(catalog: Catalog, move: Move, changes: readonly CategoryChange[]): Catalog {
  const moving = new Set(move.ids);
  const categoryState = new Map(changes.map((change) => [change._id, change.is_active]));
  return {
    categories: catalog.categories.map((category) => {
      const next = categoryState.get(category._id);
      return next === undefined || next === category.is_active ? category : { ...category, is_active: next };
    }),
    products: catalog.products.map((product) =>
      moving.has(product._id) && product.is_active !== move.is_active
        ? { ...product, is_active: move.is_active }
        : product,
    ),
  };
}
