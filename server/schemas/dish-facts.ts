import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ALLERGENS,
  DISH_TAGS,
  isAllergen,
  isDishTag,
  MAX_CALORIES,
  MAX_PORTION_VALUE,
  MAX_SPICINESS,
  PORTION_UNITS,
} from '../../lib/dish-facts';
import { badRequest } from '../errors';
import { messages } from '../messages';

/**
 * A dish's facts (portion, calories, spiciness, diet tags, allergens) as the product calls take and answer them (its
 * schedule is server/schemas/schedule.ts's, shared with categories). The lists are lib/dish-facts.ts's; a value out of
 * its range is refused by the schema with the usual `"<field>" maydoni noto'g'ri: …`, an unknown tag or allergen by
 * its name (rejectUnknownDishFacts).
 */

const tagList = DISH_TAGS.join(', ');
const allergenList = ALLERGENS.join(', ');

// ---- Requests ----

const PortionBody = Type.Union(
  [
    Type.Object(
      {
        value: Type.Integer({ minimum: 1, maximum: MAX_PORTION_VALUE, description: 'A whole number ≥ 1' }),
        unit: Type.Enum([...PORTION_UNITS], { description: 'g (grams), ml (millilitres) or dona (pieces)' }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { description: 'How big a portion is, e.g. `{ "value": 350, "unit": "g" }`; null: not said' },
);
const CaloriesBody = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_CALORIES }), Type.Null()], {
  description: 'Energy of one portion in kcal, a whole number; null: not said',
});
const SpicinessBody = Type.Integer({
  minimum: 0,
  maximum: MAX_SPICINESS,
  description: '0 (not spicy, the default) to 3 (very spicy)',
});
const TagsBody = Type.Array(Type.Enum([...DISH_TAGS]), {
  uniqueItems: true,
  maxItems: DISH_TAGS.length,
  description: `Diet and menu tags, each once, from: ${tagList}. Answered in that order`,
});
const AllergensBody = Type.Array(Type.Enum([...ALLERGENS]), {
  uniqueItems: true,
  maxItems: ALLERGENS.length,
  description: `Allergens the dish contains, each once, from: ${allergenList}. Answered in that order`,
});
/** The optional body fields of a product create or update (update: only those sent change). */
export const dishFactsBodyFields = {
  portion: Type.Optional(PortionBody),
  calories: Type.Optional(CaloriesBody),
  spiciness: Type.Optional(SpicinessBody),
  tags: Type.Optional(TagsBody),
  allergens: Type.Optional(AllergensBody),
};

// ---- Answers ----

export const Portion = Type.Union(
  [Type.Object({ value: Type.Integer(), unit: Type.Enum([...PORTION_UNITS]) }), Type.Null()],
  { description: '`{ value, unit }` (unit g, ml or dona), or null when not said' },
);
/** The fields every product read answers. */
export const dishFactsFields = {
  portion: Portion,
  calories: Type.Union([Type.Integer(), Type.Null()], { description: 'kcal of one portion, or null' }),
  spiciness: Type.Integer({ minimum: 0, maximum: MAX_SPICINESS, description: '0 (not spicy) to 3' }),
  tags: Type.Array(Type.Enum([...DISH_TAGS]), { description: `In this order: ${tagList}` }),
  allergens: Type.Array(Type.Enum([...ALLERGENS]), { description: `In this order: ${allergenList}` }),
};

/**
 * Runs before the schema (preValidation), so an unknown tag or allergen is refused by its name ("Noma'lum teg:
 * spicyy") rather than by the list position the schema's enum would name. Anything that is not a string is left to
 * the schema.
 */
export async function rejectUnknownDishFacts(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const { tags, allergens } = body as Record<string, unknown>;
  const unknownTag = unknownOf(tags, isDishTag);
  if (unknownTag !== undefined) throw badRequest(messages.unknownDishTag(unknownTag, DISH_TAGS));
  const unknownAllergen = unknownOf(allergens, isAllergen);
  if (unknownAllergen !== undefined) throw badRequest(messages.unknownAllergen(unknownAllergen, ALLERGENS));
}

function unknownOf(list: unknown, known: (value: string) => boolean): string | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.find((value): value is string => typeof value === 'string' && !known(value));
}
