import type { CartRow } from './cart';

/**
 * A dish as the ordering page describes it: the article's `data-id` and `data-v` (price), its name, and each option's
 * rows with their ids and prices (`data-o`, `data-r`, `data-v` on the menu's own option list, page.ts) and its choice
 * counts (`data-q`, `data-m`). Read from the markup the page already has, so the prices are never written twice into
 * the page.
 */
export interface PageOption {
  name: string;
  /** `data-q`: the fewest rows the diner chooses (absent: 0, optional). */
  min: number;
  /** `data-m`: the most rows the diner chooses, each once (absent: 1, its rows are alternatives). */
  max: number;
  rows: CartRow[];
}

export interface PageProduct {
  id: string;
  name: string;
  price: number;
  options: PageOption[];
}

const text = (node: Element | null) => node?.textContent?.trim() ?? '';

/** A count attribute as a whole number of at least `least`; absent or unreadable is `least` (what the page omits). */
function count(group: Element, name: string, least: number): number {
  const value = Math.floor(Number(group.getAttribute(name)));
  return Number.isFinite(value) && value > least ? value : least;
}

export function productOf(article: Element): PageProduct | undefined {
  const id = article.getAttribute('data-id');
  const price = Number(article.getAttribute('data-v'));
  if (!id || !Number.isFinite(price)) return undefined;
  const options = [...article.querySelectorAll('[data-o]')]
    .map((group) => ({
      name: text(group.querySelector('h4')),
      min: count(group, 'data-q', 0),
      max: count(group, 'data-m', 1),
      rows: [...group.querySelectorAll('[data-r]')].map((row) => ({
        _id: row.getAttribute('data-r') ?? '',
        name: text(row.querySelector('span')),
        price: Number(row.getAttribute('data-v')) || 0,
      })),
    }))
    // An option without rows offers nothing to choose.
    .filter((option) => option.rows.length > 0);
  return { id, name: text(article.querySelector('h3')), price, options };
}
