/**
 * The menu's filter chips made instant (the page's own inline script, server/menu/script-source.ts, runs this, so
 * every byte of it is on every page: it is written small). Without JavaScript each chip is a link to the page
 * filtered by the server (server/menu/page-filters.ts); with it a tap switches the chip on the page at once, the
 * address follows (`history.replaceState`: a reload or a shared link shows the same dishes), and every chip's link
 * keeps pointing at the page it would make, with whatever else the address carries (the table, the language).
 *
 * A chip is named by its parameter, `tag=vegetarian` or `without=nuts` (`data-f`). A dish passes when it has every
 * chosen tag (`data-t`: its tags) and contains nothing chosen "without" (`data-w`: its allergens, and `spicy`), which
 * is the server's rule (filters.ts `productMatches`) on the same data: the parameter's first letter names the
 * article's attribute.
 */

const split = (chip: string) => chip.split('=') as [string, string];

/** The chips an address asks for, of those the page offers, in the page's order. */
export function chosenFrom(search: string, chips: readonly string[]): string[] {
  const params = new URLSearchParams(search);
  return chips.filter((chip) => params.getAll(split(chip)[0]).includes(split(chip)[1]));
}

/** The address's query with `chosen` as its chips, everything else in it as it was ('' when nothing is left). */
export function searchWith(search: string, chosen: readonly string[]): string {
  const params = new URLSearchParams(search);
  params.delete('tag');
  params.delete('without');
  for (const chip of chosen) params.append(...split(chip));
  const query = `${params}`;
  return query && `?${query}`;
}

/** `chosen` with `chip` switched, in the page's order of `chips`. */
export function toggle(chosen: readonly string[], chip: string, chips: readonly string[]): string[] {
  return chips.filter((c) => (c === chip) !== chosen.includes(c));
}

/** Whether a dish (its article's `data-t` and `data-w`) passes the chosen chips. */
export function dishMatches(data: DOMStringMap, chosen: readonly string[]): boolean {
  return chosen.every((chip) => {
    const [name, value] = split(chip);
    return (data[name[0]!] ?? '').split(' ').includes(value) === (name === 'tag');
  });
}

export interface DishFilter {
  /** Whether a dish's article passes the chosen chips. */
  matches(article: HTMLElement): boolean;
  /** Says what the chips hide (how many dishes, or that nothing is left), nothing while no chip is chosen. */
  report(hidden: number, nothingLeft: boolean): void;
}

/**
 * Wires the page's chips (`.fl a[data-f]`) and the line under them (`.fs`, with its texts in `data-n` and `data-z`),
 * or undefined when the menu has none. `changed` runs after every switch: the caller shows and hides the dishes (with
 * the search) and then `report`s.
 */
export function dishFilter(doc: Document, changed: () => void): DishFilter | undefined {
  const group = doc.querySelector('.fl');
  const line = doc.querySelector<HTMLElement>('.fs');
  if (!group || !line) return undefined;
  const links = [...group.querySelectorAll('a')];
  const chips = links.map((link) => link.dataset.f!);
  const [said, clear] = line.children as unknown as [HTMLElement, HTMLAnchorElement];
  const { location, history } = doc.defaultView!;
  const hrefOf = (next: readonly string[]) => location.pathname + searchWith(location.search, next);
  let chosen = chosenFrom(location.search, chips);
  const choose = (next: string[]) => {
    if (next !== chosen) {
      chosen = next;
      history.replaceState(history.state, '', hrefOf(chosen) + location.hash);
      changed();
    }
    links.forEach((link, i) => {
      link.setAttribute('aria-pressed', `${chosen.includes(chips[i]!)}`);
      link.href = hrefOf(toggle(chosen, chips[i]!, chips));
    });
    clear.href = hrefOf([]);
  };
  line.addEventListener('click', (e) => {
    if (e.target !== clear) return;
    e.preventDefault();
    choose([]);
    // The line hides with the link in it: the focus goes back to the chips.
    links[0]!.focus();
  });
  group.addEventListener('click', (e) => {
    const link = (e.target as Element).closest('a');
    if (!link) return;
    e.preventDefault();
    choose(toggle(chosen, link.dataset.f!, chips));
  });
  // A toggle button answers Space as well as Enter (a link only Enter).
  group.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key !== ' ') return;
    e.preventDefault();
    (e.target as HTMLElement).click();
  });
  choose(chosen);
  return {
    matches: (article) => dishMatches(article.dataset, chosen),
    report(hidden, nothingLeft) {
      line.hidden = !chosen.length;
      said.textContent = nothingLeft ? line.dataset.z! : line.dataset.n!.replace('{0}', `${hidden}`);
    },
  };
}
