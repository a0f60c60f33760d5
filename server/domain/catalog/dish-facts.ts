import { ALLERGENS, DISH_TAGS, POS_FILLED_FACTS, type PosFilledFact } from '../../../lib/dish-facts';
import type { DishFactColumns } from '../../repositories/products';

/**
 * A product's facts as a create or update sent them, ready to store. The schema has checked each value (lists, ranges,
 * each tag once); what is decided here: tags and allergens are kept in the fixed lists' order, so every read answers
 * them alike whatever order the chips were tapped in, and which facts a manager has now set by hand.
 */

type SentFacts = Omit<DishFactColumns, 'schedule'>;

const inListOrder = <T extends string>(list: readonly T[], sent: readonly T[]) =>
  list.filter((item) => sent.includes(item));

/** The columns to write: only the sent fields (undefined ones are left as they are). */
export function dishFactColumns(body: SentFacts): SentFacts {
  const columns: SentFacts = {};
  if (body.portion !== undefined) columns.portion = body.portion;
  if (body.calories !== undefined) columns.calories = body.calories;
  if (body.spiciness !== undefined) columns.spiciness = body.spiciness;
  if (body.tags !== undefined) columns.tags = inListOrder(DISH_TAGS, body.tags);
  if (body.allergens !== undefined) columns.allergens = inListOrder(ALLERGENS, body.allergens);
  return columns;
}

/**
 * The facts a POS could fill that this request sets by hand: sent at all, a value or null / [] alike (a manager who
 * clears the portion means "no portion", not "let the POS decide").
 */
export function factsSetByHand(body: SentFacts): PosFilledFact[] {
  return POS_FILLED_FACTS.filter((fact) => body[fact] !== undefined);
}
