import type { CartRow } from './cart';

/**
 * A dish as the ordering page describes it: the article's `data-id` and `data-v` (price), its name, and each option's
 * rows with their ids and prices (`data-o`, `data-q` when required, `data-r`, `data-v` on the menu's own option
 * list, page.ts). Read from the markup the page already has, so the prices are never written twice into the page.
 */
export interface PageOption {
  name: string;
  /** `data-q` on the group: the diner must choose one of its rows. */
  required: boolean;
  rows: CartRow[];
}

export interface PageProduct {
  id: string;
  name: string;
  price: number;
  options: PageOption[];
}

const text = (node: Element | null) => node?.textContent?.trim() ?? '';

export function productOf(article: Element): PageProduct | undefined {
  const id = article.getAttribute('data-id');
  const price = Number(article.getAttribute('data-v'));
  if (!id || !Number.isFinite(price)) return undefined;
  const options = [...article.querySelectorAll('[data-o]')]
    .map((group) => ({
      name: text(group.querySelector('h4')),
      required: group.hasAttribute('data-q'),
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
