import type { DishFacts } from '../../lib/dish-facts';
import type { MenuData, MenuProduct } from './data';
import { WITHOUT_CHIP_ALLERGENS } from './texts';

/**
 * The public menu's filter chips: "Vegetarian", "Achchiq emas", "Yong'oqsiz"… A chip is a tag the dishes left must
 * have (`?tag=vegetarian`) or something they must not contain (`?without=nuts`; `without=spicy` leaves out every dish
 * with a spiciness or the spicy tag); both repeat, and every chosen one must hold. The set is short and fixed (the diet
 * tags and the common allergens), and a restaurant's page offers only the chips that change something on its menu.
 *
 * The server renders a filtered page with the dishes that do not match `hidden` (so the page works without
 * JavaScript, and the script can show them again at once); each article carries what the filters read
 * (`data-t` its tags, `data-w` what it contains), so the browser's filter (web-menu/dish-filter.ts) decides exactly
 * as `productMatches` does here.
 */

export const FILTER_TAGS = ['halal', 'vegetarian', 'vegan'] as const;
export type FilterTag = (typeof FILTER_TAGS)[number];
export const WITHOUT_VALUES = ['spicy', ...WITHOUT_CHIP_ALLERGENS] as const;
export type WithoutValue = (typeof WITHOUT_VALUES)[number];

/** The chips chosen (or offered): tags and "without"s, each in the fixed order above, each once. */
export interface MenuFilter {
  tags: readonly FilterTag[];
  without: readonly WithoutValue[];
}

export const NO_FILTER: MenuFilter = { tags: [], without: [] };

/** The query parameters as the route parsed them: absent, one value, or repeated. */
export interface FilterQuery {
  tag?: string | readonly string[] | undefined;
  without?: string | readonly string[] | undefined;
}

const NO_FACTS: Pick<DishFacts, 'tags' | 'allergens' | 'spiciness'> = { tags: [], allergens: [], spiciness: 0 };

export function isSpicy(facts: Pick<DishFacts, 'tags' | 'spiciness'>): boolean {
  return facts.spiciness > 0 || facts.tags.includes('spicy');
}

/** What a dish contains that a "without" chip may leave out: its allergens, and `spicy` when it is. */
export function containedValues(product: MenuProduct): string[] {
  const facts = product.facts ?? NO_FACTS;
  return isSpicy(facts) ? [...facts.allergens, 'spicy'] : [...facts.allergens];
}

export function productMatches(product: MenuProduct, filter: MenuFilter): boolean {
  const facts = product.facts ?? NO_FACTS;
  if (filter.tags.some((tag) => !facts.tags.includes(tag))) return false;
  if (filter.without.length === 0) return true;
  const contained = containedValues(product);
  return !filter.without.some((value) => contained.includes(value));
}

/**
 * The chips worth offering on this menu (every dish as loaded, whatever the hour): a tag some dishes have and some do
 * not, a "without" something some dish contains. A menu without facts offers none, and its page has no chips.
 */
export function offeredFilter(data: MenuData): MenuFilter {
  const products = data.categories.flatMap((c) => c.products);
  const tagged = (tag: FilterTag) => products.filter((p) => p.facts?.tags.includes(tag)).length;
  return {
    tags: FILTER_TAGS.filter((tag) => {
      const count = tagged(tag);
      return count > 0 && count < products.length;
    }),
    without: WITHOUT_VALUES.filter((value) => products.some((p) => containedValues(p).includes(value))),
  };
}

const asList = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/**
 * The filter a request asks for, as one of the page's own: only chips the page offers (anything else, an unknown tag
 * or a chip this menu has no use for, is ignored), in the fixed order, each once. So `?tag=vegan&tag=vegan&tag=x` is
 * the page of `?tag=vegan`, and the pages a menu can be asked for are bounded by its chips.
 */
export function chosenFilter(query: FilterQuery, offered: MenuFilter): MenuFilter {
  const tags = asList(query.tag);
  const without = asList(query.without);
  return {
    tags: offered.tags.filter((tag) => tags.includes(tag)),
    without: offered.without.filter((value) => without.includes(value)),
  };
}

export function isFiltering(filter: MenuFilter): boolean {
  return filter.tags.length > 0 || filter.without.length > 0;
}

/** The filter's query parameters (`tag=halal&without=nuts`), '' for none: also its key among a menu's pages. */
export function filterParams(filter: MenuFilter): string {
  return [...filter.tags.map((tag) => `tag=${tag}`), ...filter.without.map((value) => `without=${value}`)].join('&');
}

/** The filter with one chip switched: on when it was off, off when it was on (the order stays the fixed one). */
export function toggled(filter: MenuFilter, chip: { tag: FilterTag } | { without: WithoutValue }): MenuFilter {
  if ('tag' in chip) {
    const on = filter.tags.includes(chip.tag);
    return {
      tags: FILTER_TAGS.filter((tag) => (tag === chip.tag ? !on : filter.tags.includes(tag))),
      without: filter.without,
    };
  }
  const on = filter.without.includes(chip.without);
  return {
    tags: filter.tags,
    without: WITHOUT_VALUES.filter((value) => (value === chip.without ? !on : filter.without.includes(value))),
  };
}
