import type { NextStart, WeekMoment } from '../../lib/schedule';
import { type Serving, serving } from './clock';
import type { MenuCategory, MenuProduct } from './data';
import { type MenuFilter, productMatches } from './filters';

/**
 * What a page shows of a menu at an hour and under a filter: categories and dishes outside their hours left out (those
 * whose schedule says `hide`) or marked with when they are served next (`grey`), and the dishes the filter does not
 * match marked to be hidden. The rest of the page (the jump links, "3 ta taom yashirildi") reads it from here.
 */

export interface ShownProduct {
  product: MenuProduct;
  /** Not served now: when it is, by its own schedule; null when its category is the one not served (it says so). */
  later?: NextStart | null;
  /** The filter leaves it out: rendered `hidden`, so the script can show it again without a reload. */
  filteredOut: boolean;
}

export interface ShownCategory {
  category: MenuCategory;
  /** Not served now: when it is served next. */
  later?: NextStart;
  products: ShownProduct[];
  /** Every dish of it is filtered out: the section and its jump link are hidden. */
  filteredOut: boolean;
}

const SERVED: Serving = { served: true };

/** Served first, then those served later, then the stop-listed (already last as loaded); each keeps its order. */
const rank = (p: ShownProduct) => (!p.product.is_active ? 2 : p.later !== undefined ? 1 : 0);

export function shownCategories(
  categories: readonly MenuCategory[],
  now: WeekMoment | undefined,
  filter: MenuFilter,
): ShownCategory[] {
  const shown: ShownCategory[] = [];
  for (const category of categories) {
    const ofCategory = now ? serving(category.schedule, now) : SERVED;
    if (!ofCategory.served && ofCategory.hide) continue;
    const products: ShownProduct[] = [];
    for (const product of category.products) {
      const own = now ? serving(product.schedule, now) : SERVED;
      if (!own.served && own.hide) continue;
      const later = !ofCategory.served ? null : own.served ? undefined : own.next;
      products.push({ product, ...(later !== undefined && { later }), filteredOut: !productMatches(product, filter) });
    }
    // A category whose every dish is hidden at this hour would be an empty jump link.
    if (products.length === 0) continue;
    const ordered = products
      .map((p, index) => ({ p, index }))
      .sort((a, b) => rank(a.p) - rank(b.p) || a.index - b.index);
    shown.push({
      category,
      ...(!ofCategory.served && { later: ofCategory.next }),
      products: ordered.map(({ p }) => p),
      filteredOut: products.every((p) => p.filteredOut),
    });
  }
  return shown;
}

/** How many dishes the filter hides on the page (of those the hour shows). */
export function filteredOutCount(shown: readonly ShownCategory[]): number {
  return shown.reduce((sum, c) => sum + c.products.filter((p) => p.filteredOut).length, 0);
}
