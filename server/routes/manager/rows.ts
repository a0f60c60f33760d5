import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { optionForWrite, rowForWrite } from '../../access';
import { notFound } from '../../errors';
import { createRow, deleteRow, rowsOfOption, rowView, updateRow } from '../../repositories/options';
import { newTranslations } from '../../repositories/translations';
import { IdParams, rejectBlank } from '../../schemas/categories';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  CreateRowBody,
  OPTION_REQUIRED,
  OptionIdParams,
  ROW_NAME_REQUIRED,
  RowAnswer,
  RowsAnswer,
  UpdateRowBody,
} from '../../schemas/options';
import { authenticated } from '../../viewer';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';

export const ROW_DELETED = "Qator o'chirildi";

/** Option rows: a name and an extra price under a product option. */
export const managerRowRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['options'];

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
        description: `A missing or empty product_option_id answers 400 "${OPTION_REQUIRED}". price is a number ≥ 0 (default 0). Optional \`translations\` of the name by language (issue 18).`,
        security: bearer,
        body: CreateRowBody,
        response: { 201: RowAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
      preValidation: rejectBlank({
        product_option_id: { message: OPTION_REQUIRED, required: true },
        name: { message: ROW_NAME_REQUIRED },
      }),
    },
    async (request, reply) => {
      const { product_option_id, name, price, translations } = request.body;
      const { restaurant_id } = await optionForWrite(app.db, authenticated(request), product_option_id);
      const row = await createRow(app.db, {
        product_option_id,
        name: name.trim(),
        price: price ?? 0,
        translations: newTranslations(translations),
      });
      app.menuChanged(restaurant_id);
      return reply.code(201).send({ data: rowView(row) });
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
      preValidation: rejectBlank({ name: { message: ROW_NAME_REQUIRED } }),
    },
    async (request) => {
      const { row, restaurant_id } = await rowForWrite(app.db, authenticated(request), request.params.id);
      const { name, price, translations } = request.body;
      // Fields not sent stay undefined, and the update leaves undefined columns as they are.
      const updated = await updateRow(app.db, row._id, { name: name?.trim(), price, translations });
      if (!updated) throw notFound();
      app.menuChanged(restaurant_id);
      return { data: rowView(updated) };
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
      const { row, restaurant_id } = await rowForWrite(app.db, authenticated(request), request.params.id);
      await deleteRow(app.db, row._id);
      return answerDeleted(app, config.dataDir, { restaurantId: restaurant_id }, ROW_DELETED);
    },
  );
};
