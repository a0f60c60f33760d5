import type { StopListCategory, StopListProduct } from '../../client/stopList';
import { thumbnailOf } from '../../client/stopList';
import { searchKey } from './search';

/**
 * The restaurant as the stop-list screen holds it: its categories in display order and its products in menu order,
 * each product reduced to what the screen shows and searches. Built once per load; a move replaces it with a new
 * catalog (never mutated, so selectors can memoize on its identity).
 */

/** The two tabs (spec 4): Mavjud holds products with is_active true, Stop-list those with false. */
export type Tab = 'available' | 'stopped';

/** The is_active value of a tab's products. */
export const tabIsActive = (tab: Tab): boolean => tab === 'available';

export interface CatalogCategory {
  _id: string;
  title: string;
  is_active: boolean;
}

export interface CatalogProduct {
  _id: string;
  name: string;
  category_id: string;
  is_active: boolean;
  /** The first image's thumbnail URL, or null (the screen draws a placeholder). */
  thumbnail: string | null;
  /** The name as searches compare it (see search.ts), computed once instead of on every keystroke. */
  key: string;
}

export interface Catalog {
  categories: CatalogCategory[];
  products: CatalogProduct[];
}

export const EMPTY_CATALOG: Catalog = { categories: [], products: [] };

/** Products whose category is not in the list (none, from one restaurant's answers) are left out. */
export function buildCatalog(categories: StopListCategory[], products: StopListProduct[]): Catalog {
  const known = new Set(categories.map((c) => c._id));
  return {
    categories: categories.map(({ _id, title, is_active }) => ({ _id, title, is_active })),
    products: products
      .filter((p) => known.has(p.category_id))
      .map((p) => ({
        _id: p._id,
        name: p.name,
        category_id: p.category_id,
        is_active: p.is_active,
        thumbnail: thumbnailOf(p.images[0]?.file),
        key: searchKey(p.name),
      })),
  };
}

/** How many products each tab holds. */
export function tabCounts(catalog: Catalog): Record<Tab, number> {
  let available = 0;
  for (const product of catalog.products) if (product.is_active) available++;
  return { available, stopped: catalog.products.length - available };
}
