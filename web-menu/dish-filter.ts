/**
 * The menu's filter chips made instant (the page's own inline script, server/menu/script-source.ts, runs this, so
 * every byte of it is on every page: it is written small). Without JavaScript each chip is a link to the page
 * filtered by the server (server/menu/page-filters.ts); with it a tap switches the chip on the page at once, the
 * address follows (`history.replaceState`: a reload or a shared link shows the same dishes), and every chip's link
 * keeps pointing at the page it would make, with whatever else the address carries (the table, the language).
 *
 * A chip is named by its parameter, `tag=vegetarian` or `without=nuts` (`data-f`). A dish passes when it has every
 * chosen tag and contains nothing chosen "without", which is the server's rule (filters.ts `productMatches`) read from
 * what the dish's card says (server/menu/facts.ts): its badges' words and its allergen line's, and its chili marks. A
 * tag chip's name is its badge's word; a "without" chip names its word in `data-c`. The cards carry no filter data of
 * their own: a menu of 200 dishes with facts would otherwise carry them 200 times.
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

/** What a dish's card says that the chips read: the words of its badges and of its allergen line; its chili marks. */
export interface Card {
  words: string[];
  hot: boolean;
}

/** A card's words: its badges but the chili marks, then "Allergenlar: Yong'oq, Sut" after its label. */
export function cardOf(article: Element): Card {
  const words = [...article.querySelectorAll('.tg li:not(.hot)')].map((badge) => badge.textContent!);
  const line = article.querySelector('.al')?.textContent;
  if (line) words.push(...line.slice(line.indexOf(': ') + 2).split(', '));
  return { words, hot: !!article.querySelector('.hot') };
}

/** Whether a dish's card passes the chosen chips; `wordOf` a chip's word on a card. */
export function dishMatches(card: Card, chosen: readonly string[], wordOf: (chip: string) => string): boolean {
  return chosen.every((chip) => {
    const has = card.words.includes(wordOf(chip)) || (chip === 'without=spicy' && card.hot);
    return has === (chip[0] === 't');
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
  const wordOf = (chip: string) => {
    const link = links[chips.indexOf(chip)]!;
    return link.dataset.c ?? link.textContent!;
  };
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
    matches: (article) => dishMatches(cardOf(article), chosen, wordOf),
    report(hidden, nothingLeft) {
      line.hidden = !chosen.length;
      said.textContent = nothingLeft ? line.dataset.z! : line.dataset.n!.replace('{0}', `${hidden}`);
    },
  };
}
