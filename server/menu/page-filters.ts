import { ALLERGEN_NAMES, DISH_TAG_NAMES } from '../../lib/dish-facts';
import {
  type FilterTag,
  filterParams,
  isFiltering,
  type MenuFilter,
  NO_FILTER,
  toggled,
  type WithoutValue,
} from './filters';
import { html, type SafeHtml } from './html';
import type { MenuLanguage } from './language';
import { fillTwo, MENU_TEXTS, WITHOUT_NAMES } from './texts';

/**
 * The filter chips at the top of the menu and the line saying what they hide. Without JavaScript each chip is a link
 * to the page with that chip switched (the server renders it filtered); the menu's script turns the same links into
 * instant toggles (web-menu/dish-filter.ts) that keep the address in step. Each chip is a toggle button to assistive
 * technology (`role="button"`, `aria-pressed`), which is what it is with or without the reload; `data-f` names its
 * parameter for the script. The texts the script writes (`data-n`, `data-z`) come with the page, in its language.
 *
 * The script tells which dishes a chip leaves from what their cards say (facts.ts), so the 200 cards of a menu carry
 * no filter data of their own: a tag chip's name is its badge's word; a "without" chip names in `data-c` the word it
 * looks for on a card, the allergen as its line lists it (spiciness: the spicy badge's word, beside the chili marks).
 */

export interface FilterView {
  /** The chips this menu offers (filters.ts `offeredFilter`): none, no chips at all. */
  offered: MenuFilter;
  chosen: MenuFilter;
  /** The dishes the chosen chips hide, and whether that is every dish. */
  hidden: number;
  nothingLeft: boolean;
}

/** The page's address with `filter`: the slug, the language when the menu has several, then the chips. */
function pageHref(slug: string, lang: MenuLanguage | undefined, filter: MenuFilter): string {
  const params = filterParams(filter);
  return `/menu?slug=${encodeURIComponent(slug)}${lang ? `&lang=${lang}` : ''}${params && `&${params}`}`;
}

type Chip = { tag: FilterTag } | { without: WithoutValue };

/** The word on a card that a "without" chip leaves the dish out for (the allergen line's, or the spicy badge's). */
function cardWord(without: WithoutValue, lang: MenuLanguage): string {
  return without === 'spicy' ? DISH_TAG_NAMES.spicy[lang] : ALLERGEN_NAMES[without][lang];
}

function chipName(chip: Chip, lang: MenuLanguage): string {
  if ('tag' in chip) return DISH_TAG_NAMES[chip.tag][lang];
  return chip.without === 'spicy' ? MENU_TEXTS[lang].notSpicy : WITHOUT_NAMES[chip.without][lang];
}

export function renderFilters(
  view: FilterView,
  slug: string,
  lang: MenuLanguage,
  /** Put the language in the links (a menu in one language has no need to). */
  linkLanguage: boolean,
): SafeHtml | '' {
  const chips: Chip[] = [
    ...view.offered.tags.map((tag) => ({ tag })),
    ...view.offered.without.map((without) => ({ without })),
  ];
  if (chips.length === 0) return '';
  const t = MENU_TEXTS[lang];
  const hrefLang = linkLanguage ? lang : undefined;
  const pressed = (chip: Chip) =>
    'tag' in chip ? view.chosen.tags.includes(chip.tag) : view.chosen.without.includes(chip.without);
  const param = (chip: Chip) => ('tag' in chip ? `tag=${chip.tag}` : `without=${chip.without}`);
  const said = view.nothingLeft ? t.noMatch : fillTwo(t.hiddenCount, String(view.hidden));
  return html`<div class="fl" role="group" aria-label="${t.filters}">${chips.map(
    (chip) =>
      html`<a href="${pageHref(slug, hrefLang, toggled(view.chosen, chip))}" role="button" aria-pressed="${String(pressed(chip))}" data-f="${param(chip)}"${'without' in chip && html` data-c="${cardWord(chip.without, lang)}"`}>${chipName(chip, lang)}</a>`,
  )}</div><p class="fs" role="status" data-n="${t.hiddenCount}" data-z="${t.noMatch}"${
    !isFiltering(view.chosen) && html` hidden`
  }><span>${isFiltering(view.chosen) ? said : ''}</span> <a href="${pageHref(slug, hrefLang, NO_FILTER)}">${t.clearFilters}</a></p>`;
}
