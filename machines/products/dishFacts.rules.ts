import {
  ALLERGENS,
  type Allergen,
  DISH_TAGS,
  type DishTag,
  isAllergen,
  isDishTag,
  MAX_CALORIES,
  MAX_PORTION_VALUE,
  MAX_SPICINESS,
  PORTION_UNITS,
  type Portion,
  type PortionUnit,
} from '../../lib/dish-facts';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { DialogConfig, FieldErrors, FormValue, FormValues } from '../dialog/dialog.types';

/**
 * A dish's facts as the product form edits them: the portion as a number typed and a unit (`portion_value`,
 * `portion_unit`), calories typed, spiciness '0'…'3', and the tags and allergens each as one value, the chosen ones
 * in the fixed list's order ("halal,vegan"), so a chip turned on and off again is no change. An edit compares and
 * sends the portion as one value, `portion` (the API replaces it whole; a unit changed with no number is nothing).
 * A new dish sends only the facts given: a fact sent, even empty, counts as set by hand and the POS sync leaves it.
 */

export const FACT_KEYS = {
  portionValue: 'portion_value',
  portionUnit: 'portion_unit',
  calories: 'calories',
  spiciness: 'spiciness',
  tags: 'tags',
  allergens: 'allergens',
} as const;

/** The value an edit compares and sends for the portion: '' when none, else "350 g". */
export const PORTION_VALUE = 'portion';

/** What the product calls take of the facts. */
export interface DishFactsBody {
  portion?: Portion | null;
  calories?: number | null;
  spiciness?: number;
  tags?: DishTag[];
  allergens?: Allergen[];
}

export const FACTS_EMPTY: FormValues = {
  [FACT_KEYS.portionValue]: '',
  [FACT_KEYS.portionUnit]: 'g',
  [FACT_KEYS.calories]: '',
  [FACT_KEYS.spiciness]: '0',
  [FACT_KEYS.tags]: '',
  [FACT_KEYS.allergens]: '',
};

const text = (value: FormValue | undefined) => (typeof value === 'string' ? value.trim() : '');
const isUnit = (value: unknown): value is PortionUnit => PORTION_UNITS.includes(value as PortionUnit);

/** A whole number as typed (digits only, spaces around allowed); null for anything else, '' included. */
export function parseWhole(value: FormValue | undefined): number | null {
  const typed = text(value);
  return /^\d+$/.test(typed) ? Number(typed) : null;
}

/** The chosen items of a list value, each once, in the fixed list's order. */
export function parseList<T extends string>(value: FormValue | undefined, order: readonly T[]): T[] {
  const chosen = text(value).split(',');
  return order.filter((item) => chosen.includes(item));
}

export const listValue = <T extends string>(items: readonly string[], order: readonly T[]) =>
  order.filter((item) => items.includes(item)).join(',');

/** The list value with `item` chosen or left out: what a chip sends. */
export function withItemToggled<T extends string>(value: FormValue | undefined, item: T, order: readonly T[]): string {
  const chosen: string[] = parseList(value, order);
  return listValue(chosen.includes(item) ? chosen.filter((c) => c !== item) : [...chosen, item], order);
}

export const parseTags = (value: FormValue | undefined): DishTag[] => parseList(value, DISH_TAGS);
export const parseAllergens = (value: FormValue | undefined): Allergen[] => parseList(value, ALLERGENS);

/** A spiciness value: 0 unless one of 1…3 is chosen. */
export function parseSpiciness(value: FormValue | undefined): number {
  const level = parseWhole(value);
  return level !== null && level <= MAX_SPICINESS ? level : 0;
}

/** A stored product's facts as the form's values (anything missing: as a new product). */
export function factsValues(item: Record<string, unknown>): FormValues {
  const portion = item.portion as Partial<Portion> | null | undefined;
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  return {
    [FACT_KEYS.portionValue]: typeof portion?.value === 'number' ? String(portion.value) : '',
    [FACT_KEYS.portionUnit]: isUnit(portion?.unit) ? portion.unit : 'g',
    [FACT_KEYS.calories]: typeof item.calories === 'number' ? String(item.calories) : '',
    [FACT_KEYS.spiciness]: String(parseSpiciness(String(item.spiciness ?? 0))),
    [FACT_KEYS.tags]: listValue(strings(item.tags).filter(isDishTag), DISH_TAGS),
    [FACT_KEYS.allergens]: listValue(strings(item.allergens).filter(isAllergen), ALLERGENS),
  };
}

/** The portion the form describes; null when no number is typed. Meant for a valid form (factsErrors). */
export function portionOf(values: FormValues): Portion | null {
  const value = parseWhole(values[FACT_KEYS.portionValue]);
  if (value === null) return null;
  const unit = values[FACT_KEYS.portionUnit];
  return { value, unit: isUnit(unit) ? unit : 'g' };
}

/** Uzbek messages for facts the API would refuse; empty fields are fine (every fact is optional). */
export function factsErrors(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (text(values[FACT_KEYS.portionValue]) !== '') {
    const portion = parseWhole(values[FACT_KEYS.portionValue]);
    if (portion === null || portion < 1 || portion > MAX_PORTION_VALUE) {
      errors[FACT_KEYS.portionValue] = uzDishFacts.portionInvalid;
    }
  }
  if (text(values[FACT_KEYS.calories]) !== '') {
    const calories = parseWhole(values[FACT_KEYS.calories]);
    if (calories === null || calories > MAX_CALORIES) errors[FACT_KEYS.calories] = uzDishFacts.caloriesInvalid;
  }
  return errors;
}

/** The form's values with the portion's number and unit as the one `portion` an edit compares (see the top). */
export function factsShown(values: FormValues): FormValues {
  const { [FACT_KEYS.portionValue]: typed, [FACT_KEYS.portionUnit]: _unit, ...rest } = values;
  const portion = portionOf(values);
  // A number the rules refuse stays as typed: a change, which the form's checks then name.
  rest[PORTION_VALUE] = portion ? `${portion.value} ${portion.unit}` : text(typed);
  return rest;
}

/** A create's facts: only those given (see the top). */
export function factsToCreate(values: FormValues): DishFactsBody {
  const body: DishFactsBody = {};
  const portion = portionOf(values);
  if (portion) body.portion = portion;
  const calories = parseWhole(values[FACT_KEYS.calories]);
  if (calories !== null) body.calories = calories;
  const spiciness = parseSpiciness(values[FACT_KEYS.spiciness]);
  if (spiciness > 0) body.spiciness = spiciness;
  const tags = parseTags(values[FACT_KEYS.tags]);
  if (tags.length > 0) body.tags = tags;
  const allergens = parseAllergens(values[FACT_KEYS.allergens]);
  if (allergens.length > 0) body.allergens = allergens;
  return body;
}

/** An update's facts from an edit's changes (factsShown's values): a fact emptied is null, a list emptied []. */
export function factsToUpdate(changes: FormValues): DishFactsBody {
  const body: DishFactsBody = {};
  const portion = changes[PORTION_VALUE];
  if (typeof portion === 'string') {
    const [value, unit] = portion.split(' ');
    body.portion = portion === '' ? null : { value: Number(value), unit: isUnit(unit) ? unit : 'g' };
  }
  if (typeof changes[FACT_KEYS.calories] === 'string') body.calories = parseWhole(changes[FACT_KEYS.calories]);
  if (typeof changes[FACT_KEYS.spiciness] === 'string') body.spiciness = parseSpiciness(changes[FACT_KEYS.spiciness]);
  if (typeof changes[FACT_KEYS.tags] === 'string') body.tags = parseTags(changes[FACT_KEYS.tags]);
  if (typeof changes[FACT_KEYS.allergens] === 'string') body.allergens = parseAllergens(changes[FACT_KEYS.allergens]);
  return body;
}

/** A form config with the dish's facts: their values, their checks and one `portion` compared on an edit. */
export function withDishFacts(config: DialogConfig): DialogConfig {
  const innerShown = config.shown ?? ((values: FormValues) => values);
  return {
    ...config,
    get empty() {
      return { ...config.empty, ...FACTS_EMPTY };
    },
    fromItem: (item) => ({ ...config.fromItem(item), ...factsValues(item) }),
    validate: (values, mode) => ({ ...config.validate(values, mode), ...factsErrors(values) }),
    shown: (values) => factsShown(innerShown(values)),
  };
}
