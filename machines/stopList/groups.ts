import { type Catalog, type CatalogCategory, type CatalogProduct, type Tab, tabIsActive } from './catalog';
import { keyMatches, searchKey } from './search';

/**
 * What a tab lists (spec 2.11): its products grouped under their categories, in display order, filtered by the
 * search. A category appears on a tab only with at least one matching product of that tab, so a category with
 * products on both tabs appears on both.
 */

export interface Group {
  category: CatalogCategory;
  /** The category's products on this tab that match the search, in menu order. */
  products: CatalogProduct[];
}

/** Categories shown at first and added per "ko'proq ko'rsatish" click (spec 9). */
export const CATEGORY_PAGE = 5;

export function groupsFor(catalog: Catalog, tab: Tab, query: string): Group[] {
  const active = tabIsActive(tab);
  const queryKey = searchKey(query);
  const byCategory = new Map<string, CatalogProduct[]>();
  for (const product of catalog.products) {
    if (product.is_active !== active || !keyMatches(product.key, queryKey)) continue;
    const list = byCategory.get(product.category_id);
    if (list) list.push(product);
    else byCategory.set(product.category_id, [product]);
  }
  const groups: Group[] = [];
  for (const category of catalog.categories) {
    const products = byCategory.get(category._id);
    if (products) groups.push({ category, products });
  }
  return groups;
}

/** The ids of one category's products a tab shows for the search (what its checkbox selects). */
export function visibleIdsOf(catalog: Catalog, tab: Tab, query: string, categoryId: string): string[] {
  const active = tabIsActive(tab);
  const queryKey = searchKey(query);
  return catalog.products
    .filter((p) => p.category_id === categoryId && p.is_active === active && keyMatches(p.key, queryKey))
    .map((p) => p._id);
}

/** Is this product on the tab and found by the search (its checkbox is on screen)? */
export function isVisible(catalog: Catalog, tab: Tab, query: string, productId: string): boolean {
  const active = tabIsActive(tab);
  const queryKey = searchKey(query);
  return catalog.products.some((p) => p._id === productId && p.is_active === active && keyMatches(p.key, queryKey));
}
