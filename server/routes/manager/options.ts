import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { optionForWrite, productForWrite } from '../../access';
import { badRequest, notFound } from '../../errors';
import { type ChoiceChanges, type ChoiceCounts, NEW_OPTION_CHOICES, resolveChoices } from '../../option-choices';
import {
  createOption,
  deleteOption,
  listOptions,
  optionView,
  rowsOfOption,
  updateOption,
} from '../../repositories/options';
import { newTranslations } from '../../repositories/translations';
import { IdParams, rejectBlank } from '../../schemas/categories';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  CreateOptionBody,
  ManagedOption,
  OPTION_NAME_REQUIRED,
  OptionsAnswer,
  ProductIdParams,
  UpdateOptionBody,
} from '../../schemas/options';
import { authenticated } from '../../viewer';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';

export const OPTION_DELETED = "Variant o'chirildi";
const NAME_REQUIRED = '"name" maydoni majburiy.';

const ALONE = ['name', 'translations', 'required', 'min_choices', 'max_choices'];

/**
 * An update without `name` was a 400 naming it before translations existed; it still is, unless it carries
 * `translations`, `required` or a choice count (each of which may be sent alone).
 */
async function nameOrTranslations(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  if (!ALONE.some((field) => field in body)) throw badRequest(NAME_REQUIRED);
}

function choicesOrBadRequest(stored: ChoiceCounts, changes: ChoiceChanges): ChoiceCounts {
  const counts = resolveChoices(stored, changes);
  if ('error' in counts) throw badRequest(counts.error);
  return counts;
}

/**
 * Product options (Mahsulot Parametrlari). As the spec shows, these answers are not wrapped in `data`: the list is an
 * array and a created option is the option itself (`_id` at the top).
 */
export const managerOptionRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['options'];
  const nameRule = rejectBlank({ name: { message: OPTION_NAME_REQUIRED } });

  app.get(
    '/manager/product-option/product/:productId',
    {
      schema: {
        tags,
        summary: "A product's options, each with its rows",
        security: bearer,
        params: ProductIdParams,
        response: { 200: OptionsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { product } = await productForWrite(app.db, authenticated(request), request.params.productId);
      return listOptions(app.db, product._id);
    },
  );

  app.post(
    '/manager/product-option',
    {
      schema: {
        tags,
        summary: 'Add an option to a product',
        description:
          'Answers the option (with `_id` at the top and no rows yet). Optional `translations` of the name by ' +
          'language (issue 18); how many rows a diner chooses: `min_choices` (default 0: optional) and `max_choices` ' +
          '(default 1: one of its rows, as a portion), or `required` alone (min_choices 1). ' +
          'A 400 when the minimum is above the maximum or `required` contradicts `min_choices`.',
        security: bearer,
        body: CreateOptionBody,
        response: { 201: ManagedOption, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: nameRule,
    },
    async (request, reply) => {
      const { product_id, name, translations, ...changes } = request.body;
      const { restaurant_id } = await productForWrite(app.db, authenticated(request), product_id);
      const counts = choicesOrBadRequest(NEW_OPTION_CHOICES, changes);
      const option = await createOption(app.db, {
        product_id,
        name: name.trim(),
        ...counts,
        translations: newTranslations(translations),
      });
      app.menuChanged(restaurant_id);
      return reply.code(201).send(optionView(option));
    },
  );

  app.put(
    '/manager/product-option/:id',
    {
      schema: {
        tags,
        summary: 'Rename an option',
        description:
          'Answers the option with its rows. `name` as before; `translations` (issue 18) may come with it or alone: ' +
          'the languages sent replace the stored ones, `null` removes one. `min_choices`, `max_choices` and ' +
          '`required` too (the counts not sent stay; `required` alone sets min_choices to at least 1, or to 0).',
        security: bearer,
        params: IdParams,
        body: UpdateOptionBody,
        response: { 200: ManagedOption, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: [nameRule, nameOrTranslations],
    },
    async (request) => {
      const { option, restaurant_id } = await optionForWrite(app.db, authenticated(request), request.params.id);
      const { name, translations, ...changes } = request.body;
      const counts = choicesOrBadRequest(option, changes);
      // A field not sent stays undefined, and the update leaves undefined columns as they are.
      const renamed = await updateOption(app.db, option._id, { name: name?.trim(), ...counts, translations });
      if (!renamed) throw notFound();
      app.menuChanged(restaurant_id);
      return optionView(renamed, await rowsOfOption(app.db, renamed._id));
    },
  );

  app.delete(
    '/manager/product-option/:id',
    {
      schema: {
        tags,
        summary: 'Delete an option and its rows',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { option, restaurant_id } = await optionForWrite(app.db, authenticated(request), request.params.id);
      await deleteOption(app.db, option._id);
      return answerDeleted(app, config.dataDir, { restaurantId: restaurant_id }, OPTION_DELETED);
    },
  );
};
