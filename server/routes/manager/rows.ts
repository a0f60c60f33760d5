import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optionForWrite } from '../../access';
import { createRow, deleteRow, updateRow } from '../../domain/catalog/rows';
import { messages } from '../../messages';
import { rowsOfOption, rowView } from '../../repositories/options';
import { rejectBlank } from '../../schemas/categories';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import { CreateRowBody, OptionIdParams, RowAnswer, RowsAnswer, UpdateRowBody } from '../../schemas/options';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/** Option rows: a name and an extra price under a product option. */
export const managerRowRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['options'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/product-option-row/:optionId',
    {
      schema: {
        tags,
        summary: "An option's rows",
        security: bearer,
        params: OptionIdParams,
        response: { 200: RowsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { option } = await optionForWrite(app.db, authenticated(request), request.params.optionId);
      return { data: (await rowsOfOption(app.db, option._id)).map(rowView) };
    },
  );

  app.post(
    '/manager/product-option-row',
    {
      schema: {
        tags,
        summary: 'Add a row to an option',
        description: `A missing or empty product_option_id answers 400 "${messages.optionRequired}". price is a number ≥ 0 (default 0). Optional \`translations\` of the name by language.`,
        security: bearer,
        body: CreateRowBody,
        response: { 201: RowAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: rejectBlank({
        product_option_id: { message: messages.optionRequired, required: true },
        name: { message: messages.rowNameRequired },
      }),
    },
    async (request, reply) => {
      const row = await createRow(deps, authenticated(request), request.body);
      return reply.code(201).send({ data: row });
    },
  );

  app.put(
    '/manager/product-option-row/:id',
    {
      schema: {
        tags,
        summary: 'Edit a row (partial)',
        description:
          'Only the sent fields change (name, price, translations: the languages sent replace the stored ones, ' +
          '`null` removes one); an empty body is a 400.',
        security: bearer,
        params: IdParams,
        body: UpdateRowBody,
        response: { 200: RowAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: rejectBlank({ name: { message: messages.rowNameRequired } }),
    },
    async (request) => {
      return { data: await updateRow(deps, authenticated(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/manager/product-option-row/:id',
    {
      schema: {
        tags,
        summary: 'Delete a row',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      await deleteRow(deps, authenticated(request), request.params.id);
      return deleted(messages.rowDeleted);
    },
  );
};
