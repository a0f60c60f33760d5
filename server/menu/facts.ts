import {
  ALLERGEN_NAMES,
  CALORIES_UNIT,
  DISH_TAG_NAMES,
  type DishFacts,
  type DishTag,
  PORTION_UNIT_NAMES,
  type Portion,
  SPICINESS_NAMES,
} from '../../lib/dish-facts';
import type { MenuLanguage } from './language';
import { MENU_TEXTS } from './texts';

/**
 * How the public menu writes a dish's facts in the page's language: the portion and calories beside the price
 * ("350 g · 420 kkal"), the tags as badges, the spiciness as chili marks named for screen readers, the allergens as a
 * line under the description. The fixed lists' names are lib/dish-facts.ts's; the menu's own words, texts.ts's.
 */

/** A number and its unit never part (no-break space), as a price and its currency do not. */
const NBSP = '\u00a0';

/** 0.5 as the language writes it: a decimal comma in Uzbek and Russian, a point in English. */
function decimal(value: number, lang: MenuLanguage): string {
  const text = String(value);
  return lang === 'en' ? text : text.replace('.', ',');
}

export function portionText(portion: Portion, lang: MenuLanguage): string {
  return `${decimal(portion.value, lang)}${NBSP}${PORTION_UNIT_NAMES[portion.unit][lang]}`;
}

export function caloriesText(calories: number, lang: MenuLanguage): string {
  return `${calories}${NBSP}${CALORIES_UNIT[lang]}`;
}

/** "350 g · 420 kkal", or '' when neither is known. */
export function portionAndCalories(facts: DishFacts, lang: MenuLanguage): string {
  const parts: string[] = [];
  if (facts.portion) parts.push(portionText(facts.portion, lang));
  if (facts.calories !== null) parts.push(caloriesText(facts.calories, lang));
  return parts.join(' · ');
}

/** Spiciness 1–3 (0: none): the API keeps it in range, the page clamps anything else. */
export function spicinessLevel(facts: DishFacts): 0 | 1 | 2 | 3 {
  return Math.max(0, Math.min(3, Math.round(facts.spiciness))) as 0 | 1 | 2 | 3;
}

export function spicinessName(level: 1 | 2 | 3, lang: MenuLanguage): string {
  return SPICINESS_NAMES[level][lang];
}

/**
 * The tags shown as text badges, in the fixed list's order. `spicy` is left out when the dish has a spiciness: its
 * chili marks already say so, and "Achchiq" twice on one card says nothing more.
 */
export function badgeTags(facts: DishFacts): DishTag[] {
  return facts.tags.filter((tag) => tag !== 'spicy' || spicinessLevel(facts) === 0);
}

export function tagName(tag: DishTag, lang: MenuLanguage): string {
  return DISH_TAG_NAMES[tag][lang];
}

/** "Allergenlar: Yong'oq, Sut", or '' for a dish with none listed. */
export function allergensLine(facts: DishFacts, lang: MenuLanguage): string {
  if (facts.allergens.length === 0) return '';
  return `${MENU_TEXTS[lang].allergens}: ${facts.allergens.map((a) => ALLERGEN_NAMES[a][lang]).join(', ')}`;
}
