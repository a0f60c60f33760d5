import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import {
  createNumberedTables,
  createTable,
  deleteTable,
  renewTableToken,
  updateTable,
} from '../../domain/tables/tables';
import { PrintPasses } from '../../menu/print-pass';
import { messages } from '../../messages';
import { listTables } from '../../repositories/tables';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import {
  BULK_TABLES_MAX,
  BulkTablesBody,
  CreateTableBody,
  TableAnswer,
  TableListAnswer,
  TablesAnswer,
  TablesQuery,
  UpdateTableBody,
} from '../../schemas/tables';
import { resolveJwtSecret } from '../../secrets';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/**
 * A restaurant's tables: each has its QR code and printed card, and orders and calls name it. Admins and the
 * owning manager only, refused as every `/manager` call (401 anonymous, 404 another manager's).
 */
export const managerTableRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['tables'];
  const passes = new PrintPasses(resolveJwtSecret(options.config.jwtSecret, options.config.dataDir));
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/tables',
    {
      schema: {
        tags,
        summary: "A restaurant's tables",
        description:
          'Every table of the restaurant, active or not, in creation order, each with its `token` (what its QR code ' +
          "carries). `print_pass` opens, for about an hour, the pages and images that show the tables' codes: add " +
          'it as `pass=` to `/menu/qr.svg|png?slug=&table=`, `/menu/card?slug=&table=` and `/menu/cards?slug=` ' +
          '(without it they answer 403).',
        security: bearer,
        querystring: TablesQuery,
        response: { 200: TableListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { restaurant_id } = request.query;
      await restaurantForWrite(app.db, authenticated(request), restaurant_id);
      return { data: await listTables(app.db, restaurant_id), print_pass: passes.issue(restaurant_id) };
    },
  );

  app.post(
    '/manager/tables/:id/token',
    {
      schema: {
        tags,
        summary: 'Issue a new QR token for a table ("QR-kodni yangilash")',
        description:
          'The table gets a new `token`; its old QR code (and every printed card of it) stops working at once: the ' +
          'menu shows the "table not found" note and orders and calls with the old token answer 404. Print the new ' +
          'card.',
        security: bearer,
        params: IdParams,
        response: { 200: TableAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: await renewTableToken(deps, authenticated(request), request.params.id) };
    },
  );

  app.post(
    '/manager/tables',
    {
      schema: {
        tags,
        summary: 'Add a table',
        description:
          'The name is trimmed, 1-40 characters, and unique in the restaurant whatever the case (409 names the table). ' +
          'A new table is active.',
        security: bearer,
        body: CreateTableBody,
        response: { 201: TableAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const table = await createTable(deps, authenticated(request), request.body);
      return reply.code(201).send({ data: table });
    },
  );

  app.post(
    '/manager/tables/bulk',
    {
      schema: {
        tags,
        summary: 'Add tables numbered from..to',
        description:
          `Creates tables named "from" to "to" (whole numbers, 1 ≤ from ≤ to, at most ${BULK_TABLES_MAX} at once) in ` +
          'that order, skipping the names the restaurant already has. Answers 201 with the tables created.',
        security: bearer,
        body: BulkTablesBody,
        response: { 201: TablesAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const created = await createNumberedTables(deps, authenticated(request), request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    '/manager/tables/:id',
    {
      schema: {
        tags,
        summary: 'Rename a table or turn it on or off (partial)',
        description:
          'Only the sent fields change; an empty body is a 400. An inactive table takes no orders or calls and prints ' +
          'no card. A name another table of the restaurant has (whatever the case) is a 409, and so is a new name for ' +
          'a POS table (`source` pos: its name comes from the POS; it may still be turned on or off).',
        security: bearer,
        params: IdParams,
        body: UpdateTableBody,
        response: { 200: TableAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: await updateTable(deps, authenticated(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/manager/tables/:id',
    {
      schema: {
        tags,
        summary: 'Delete a table',
        description:
          'Its QR code stops working (the menu answers 404 for it). Orders and calls made from it stay, with the ' +
          "table's name as it was. A POS table (`source` pos) answers 409: the sync keeps it as the POS lists it.",
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      await deleteTable(deps, authenticated(request), request.params.id);
      return deleted(messages.tableDeleted);
    },
  );
};
