import {
  ALLERGEN_NAMES,
  ALLERGENS,
  type Allergen,
  CALORIES_UNIT,
  DISH_TAG_NAMES,
  DISH_TAGS,
  type DishFacts,
  type DishTag,
  PORTION_UNIT_NAMES,
  PORTION_UNITS,
  type PortionUnit,
  SPICINESS_NAMES,
} from '../../lib/dish-facts';
import { escapeHtml } from './html';
import { MENU_LANGUAGES, type MenuLanguage } from './language';
import { MENU_TEXTS } from './texts';

/**
 * How the public menu writes a dish's facts in the page's language: the portion and calories beside the price
 * ("350 g · 420 kkal"), the tags as badges, the spiciness as chili marks named for screen readers, the allergens as a
 * line under the description. The fixed lists' names are lib/dish-facts.ts's; the menu's own words, texts.ts's.
 *
 * Every word and piece of markup is made and escaped once per language when this module loads: a 200-dish menu with
 * every dish tagged puts a thousand of them on a page, and building each per dish (arrays, joins, escaping) cost more
 * than the rest of the card. What these functions answer is markup, ready to insert.
 */

/** A number and its unit never part (no-break space), as a price and its currency do not. */
const NBSP = '\u00a0';

interface FactsMarkup {
  tags: Record<DishTag, string>;
  /** Spiciness 1–3 at index 0–2. */
  chili: string[];
  allergens: Record<Allergen, string>;
  /** `<p class="al">Allergenlar: ` */
  allergensStart: string;
  units: Record<PortionUnit, string>;
  calories: string;
  decimalComma: boolean;
}

const of = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

const MARKUP = of(
  MENU_LANGUAGES,
  (lang): FactsMarkup => ({
    tags: of(DISH_TAGS, (tag) => `<li>${escapeHtml(DISH_TAG_NAMES[tag][lang])}</li>`),
    chili: ([1, 2, 3] as const).map(
      (level) => `<li class="hot h${level}"><span class="vh">${escapeHtml(SPICINESS_NAMES[level][lang])}</span></li>`,
    ),
    allergens: of(ALLERGENS, (allergen) => escapeHtml(ALLERGEN_NAMES[allergen][lang])),
    allergensStart: `<p class="al">${escapeHtml(MENU_TEXTS[lang].allergens)}: `,
    units: of(PORTION_UNITS, (unit) => `${NBSP}${escapeHtml(PORTION_UNIT_NAMES[unit][lang])}`),
    calories: `${NBSP}${escapeHtml(CALORIES_UNIT[lang])}`,
    // 0.5 as the language writes it: a decimal comma in Uzbek and Russian, a point in English.
    decimalComma: lang !== 'en',
  }),
);

/** Spiciness 1–3 (0: none): the API keeps it in range, the page clamps anything else. */
export function spicinessLevel(facts: DishFacts): 0 | 1 | 2 | 3 {
  return Math.max(0, Math.min(3, Math.round(facts.spiciness))) as 0 | 1 | 2 | 3;
}

/** "350 g · 420 kkal" (numbers and their units unbroken), or '' when neither is known. */
export function amountsMarkup(facts: DishFacts, lang: MenuLanguage): string {
  const words = MARKUP[lang];
  let text = '';
  if (facts.portion) {
    const value = String(facts.portion.value);
    text = (words.decimalComma ? value.replace('.', ',') : value) + words.units[facts.portion.unit];
  }
  if (facts.calories !== null) text += `${text && ' · '}${facts.calories}${words.calories}`;
  return text;
}

/**
 * The tags as small badges in the fixed list's order, then the spiciness as chili marks whose name a screen reader
 * reads, or '' for neither. `spicy` is left out when the dish has a spiciness: its chili marks already say so, and
 * "Achchiq" twice on one card says nothing more.
 */
export function badgesMarkup(facts: DishFacts, lang: MenuLanguage): string {
  const words = MARKUP[lang];
  const level = spicinessLevel(facts);
  let items = '';
  for (const tag of facts.tags) if (tag !== 'spicy' || level === 0) items += words.tags[tag];
  if (level > 0) items += words.chili[level - 1];
  return items && `<ul class="tg">${items}</ul>`;
}

/** "Allergenlar: Yong'oq, Sut" as its paragraph, or '' for a dish with none listed. */
export function allergensMarkup(facts: DishFacts, lang: MenuLanguage): string {
  if (facts.allergens.length === 0) return '';
  const words = MARKUP[lang];
  let line = words.allergensStart;
  for (let i = 0; i < facts.allergens.length; i++) line += (i > 0 ? ', ' : '') + words.allergens[facts.allergens[i]!];
  return `${line}</p>`;
}
