import type { FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { badRequest } from '../errors';
import { messages } from '../messages';
import { Counts, Id, Timestamp, VisibleText } from './common';
import { isBlank } from './keywords';
import { Schedule } from './schedule';
import { CategoryTranslations, CategoryTranslationsBody } from './translations';

// The API tests compare answers with these names.
export const CATEGORY_TITLE_REQUIRED = messages.categoryTitleRequired;

export const Category = Type.Object({
  _id: Id,
  title: Type.String(),
  restaurant_id: Id,
  is_active: Type.Boolean(),
  position: Type.Integer({
    description: 'Display order within the restaurant (0 first); set by PUT /manager/category/order',
  }),
  pos_stopped: Type.Boolean({ description: 'Inactive because of the POS integration (not by a manager)' }),
  schedule: Schedule,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CategoryView = Static<typeof Category>;
const StationId = Type.Union([Id, Type.Null()], {
  description:
    "The kitchen station that makes its dishes (GET /manager/restaurants/{id}/stations); null: the restaurant's first station",
});
/** A category as the manager calls answer it: with the translations of its title and its kitchen station. */
export const ManagedCategory = Type.Object({
  ...Category.properties,
  translations: CategoryTranslations,
  station_id: StationId,
});
export type ManagedCategoryView = Static<typeof ManagedCategory>;

const Title = VisibleText({ minLength: 1, maxLength: 100, description: 'Category name, 1-100 characters, not blank' });

export const CategoryListAnswer = Type.Object({
  categories: Type.Array(Category, { description: 'In display order' }),
  count: Counts,
});
export const ManagedCategoryListAnswer = Type.Object({
  categories: Type.Array(ManagedCategory, { description: 'In display order' }),
  count: Counts,
});
export const CategoryAnswer = Type.Object({ data: ManagedCategory });
export const CategoriesAnswer = Type.Object({
  data: Type.Array(ManagedCategory, { description: 'In the saved order' }),
});

export const ManagerCategoryQuery = Type.Object(
  {
    restaurant_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "One of the caller's restaurants; required for admins, a manager without it gets all of theirs",
      }),
    ),
  },
  { additionalProperties: false },
);
export const UserCategoryQuery = Type.Object({ restaurant_id: Id }, { additionalProperties: false });

export const CreateCategoryBody = Type.Object(
  {
    title: Title,
    restaurant_id: Id,
    is_active: Type.Optional(Type.Boolean({ default: true, description: 'Default true' })),
    translations: Type.Optional(CategoryTranslationsBody),
    station_id: Type.Optional(StationId),
    schedule: Type.Optional(Schedule),
  },
  { additionalProperties: false },
);
export const UpdateCategoryBody = Type.Object(
  {
    title: Type.Optional(Title),
    is_active: Type.Optional(Type.Boolean()),
    translations: Type.Optional(CategoryTranslationsBody),
    station_id: Type.Optional(StationId),
    schedule: Type.Optional(Schedule),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the sent fields change' },
);
export const CategoryPositionsBody = Type.Object(
  {
    restaurant_id: Id,
    ids: Type.Array(Id, {
      uniqueItems: true,
      maxItems: 2000,
      description: 'Every category id of the restaurant, exactly once, in the new display order',
    }),
  },
  { additionalProperties: false },
);

/**
 * preValidation hook: a blank text field (or a missing one marked `required`) answers the given message instead of
 * the generic schema error, so the client can show the spec's own sentence. Runs before the schema check. Blank is
 * the schemas' `notBlank` rule: only whitespace or invisible characters (a zero-width space is no name either).
 */
export function rejectBlank(fields: Record<string, { message: string; required?: boolean }>) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    for (const [field, rule] of Object.entries(fields)) {
      const value = (body as Record<string, unknown>)[field];
      if ((value === undefined && rule.required) || (typeof value === 'string' && isBlank(value))) {
        throw badRequest(rule.message);
      }
    }
  };
}
