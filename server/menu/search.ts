import { searchKey } from '../../lib/search';

/**
 * Cross-script search on the public menu: "шурва", "шўрва", "shurva" and "sho'rva" all find Sho'rva. The
 * folding must be the one the panel's stop-list search uses (lib/search.ts), on both sides of the comparison:
 * - the server writes each product's key (its names folded by `searchKey`) into the page (`data-k`);
 * - the page's script (script.ts) folds the query and compares with that module's own code, bundled for the browser
 *   from its source, not a copy written by hand: a change to the folding reaches the menu with the next start.
 */

/** A product's search key: the names it is known by on this page (shown name, then the Uzbek one), folded, once each. */
export function menuSearchKey(names: readonly string[]): string {
  const keys: string[] = [];
  for (const name of names) {
    const key = searchKey(name);
    if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  return keys.join(' ');
}
