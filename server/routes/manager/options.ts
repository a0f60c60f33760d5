import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { productForWrite } from '../../access';
import { createOption, deleteOption, updateOption } from '../../domain/catalog/options';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { listOptions } from '../../repositories/options';
import { rejectBlank } from '../../schemas/categories';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import {
  CreateOptionBody,
  ManagedOption,
  OptionsAnswer,
  ProductIdParams,
  UpdateOptionBody,
} from '../../schemas/options';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

const ALONE = ['name', 'translations', 'required', 'min_choices', 'max_choices'];

/**
 * An update without `name` was a 400 naming it before translations existed; it still is, unless it carries
 * `translations`, `required` or a choice count (each of which may be sent alone).
 */
async function nameOrTranslations(request: FastifyRequest) {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  if (!ALONE.some((field) => field in body)) throw badRequest(messages.fieldRequired('name'));
}

/**
 * Product options (Mahsulot Parametrlari). As the spec shows, these answers are not wrapped in `data`: the list is an
 * array and a created option is the option itself (`_id` at the top).
 */
export const managerOptionRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['options'];
  const deps = { db: app.db, work: app.work };
  const nameRule = rejectBlank({ name: { message: messages.optionNameRequired } });

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
          'language; how many rows a diner chooses: `min_choices` (default 0: optional) and `max_choices` ' +
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
      const option = await createOption(deps, authenticated(request), request.body);
      return reply.code(201).send(option);
    },
  );

  app.put(
    '/manager/product-option/:id',
    {
      schema: {
        tags,
        summary: 'Rename an option',
        description:
          'Answers the option with its rows. `name` as before; `translations` may come with it or alone: ' +
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
      return updateOption(deps, authenticated(request), request.params.id, request.body);
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
      await deleteOption(deps, authenticated(request), request.params.id);
      return deleted(messages.optionDeleted);
    },
  );
};
