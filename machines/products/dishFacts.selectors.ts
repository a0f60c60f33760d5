import type { SnapshotFrom } from 'xstate';
import {
  ALLERGEN_NAMES,
  CALORIES_UNIT,
  DISH_TAG_NAMES,
  type DishFacts,
  PORTION_UNIT_NAMES,
  SPICINESS_NAMES,
} from '../../lib/dish-facts';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { dialogMachine } from '../dialog/dialog.machine';
import { FACT_KEYS, parseAllergens, parseSpiciness, parseTags, parseWhole, portionOf } from './dishFacts.rules';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

/**
 * A dish's facts as the panel shows them (the fixed lists' Uzbek names): compactly in the manager's product list
 * ("350 g · 420 kkal · Biroz achchiq", then its tags as badges) and as the folded "Taom haqida" section's line.
 */

type ShownFacts = Partial<Pick<DishFacts, 'portion' | 'calories' | 'spiciness'>>;

/** "350 g · 420 kkal · Biroz achchiq": only what is said; '' when nothing is. */
export function factsLine(facts: ShownFacts): string {
  const parts: string[] = [];
  if (facts.portion) parts.push(`${facts.portion.value} ${PORTION_UNIT_NAMES[facts.portion.unit].uz}`);
  if (typeof facts.calories === 'number') parts.push(`${facts.calories} ${CALORIES_UNIT.uz}`);
  const level = facts.spiciness;
  if (level === 1 || level === 2 || level === 3) parts.push(SPICINESS_NAMES[level].uz);
  return parts.join(' · ');
}

/** The Uzbek names of a dish's tags, in the fixed list's order. */
export const tagNames = (tags: readonly string[] | undefined) =>
  parseTags((tags ?? []).join(',')).map((tag) => DISH_TAG_NAMES[tag].uz);

export const allergenNames = (allergens: readonly string[] | undefined) =>
  parseAllergens((allergens ?? []).join(',')).map((allergen) => ALLERGEN_NAMES[allergen].uz);

/** The folded section's line from the form: what is said so far, or that nothing is. */
export function selectFactsSummary(s: DialogSnapshot): string {
  const values = s.context.values;
  const calories = parseWhole(values[FACT_KEYS.calories]);
  const parts = [
    factsLine({ portion: portionOf(values), calories, spiciness: parseSpiciness(values[FACT_KEYS.spiciness]) }),
    parseTags(values[FACT_KEYS.tags])
      .map((tag) => DISH_TAG_NAMES[tag].uz)
      .join(', '),
    parseAllergens(values[FACT_KEYS.allergens])
      .map((allergen) => ALLERGEN_NAMES[allergen].uz)
      .join(', '),
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' · ') : uzDishFacts.factsSectionEmpty;
}

/** A fact has an error shown: its section opens to show it. */
export const selectFactsHaveErrors = (s: DialogSnapshot) =>
  Object.values(FACT_KEYS).some((key) => s.context.errors[key] !== undefined);
