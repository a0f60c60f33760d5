import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { PrintPasses } from '../../menu/print-pass';
import {
  createTable,
  createTables,
  deleteTable,
  findTableWithOwner,
  listTables,
  renewTableToken,
  updateTable,
} from '../../repositories/tables';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  BULK_TABLES_MAX,
  BulkTablesBody,
  CreateTableBody,
  TableAnswer,
  TableListAnswer,
  TableParams,
  TablesAnswer,
  TablesQuery,
  UpdateTableBody,
} from '../../schemas/tables';
import { resolveJwtSecret } from '../../secrets';
import { authenticated, ownsRestaurant, type Viewer } from '../../viewer';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';

export const TABLE_NOT_FOUND = 'Stol topilmadi.';
export const TABLE_DELETED = "Stol muvaffaqiyatli o'chirildi!";
export const tableNameTaken = (name: string) => `"${name}" nomli stol bu restoranda allaqachon bor.`;
export const BULK_RANGE_REVERSED = '"to" qiymati "from" qiymatidan kichik bo\'lmasligi kerak.';
export const BULK_TOO_MANY = `Bir martada ko'pi bilan ${BULK_TABLES_MAX} ta stol qo'shish mumkin.`;

/** The table when the viewer owns its restaurant; an unknown id and another tenant's alike are 404 (access.ts's rule). */
async function tableForWrite(db: Executor, viewer: Viewer, tableId: string) {
  const found = await findTableWithOwner(db, tableId);
  if (!found || !ownsRestaurant(viewer, found)) throw notFound(TABLE_NOT_FOUND);
  return found;
}

/** A name lost to the unique index (a concurrent create, or a rename onto another table) is the same 409. */
function rethrowNameTaken(name: string) {
  return (error: unknown): never => {
    throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(tableNameTaken(name)) : error;
  };
}

/**
 * A restaurant's tables (issue 17): each has its QR code and printed card, and orders and calls name it. Admins and the
 * owning manager only, refused as every `/manager` call (401 anonymous, 404 another manager's).
 */
export const managerTableRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['tables'];
  const passes = new PrintPasses(resolveJwtSecret(options.config.jwtSecret, options.config.dataDir));

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
        params: TableParams,
        response: { 200: TableAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { table } = await tableForWrite(app.db, authenticated(request), request.params.id);
      const renewed = await renewTableToken(app.db, table._id);
      if (!renewed) throw notFound(TABLE_NOT_FOUND);
      return { data: renewed };
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
      const { restaurant_id } = request.body;
      const name = request.body.name.trim();
      await restaurantForWrite(app.db, authenticated(request), restaurant_id);
      const table = await createTable(app.db, { restaurant_id, name }).catch(rethrowNameTaken(name));
      app.menuChanged(restaurant_id);
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
      const { restaurant_id, from, to } = request.body;
      const viewer = authenticated(request);
      const created = await app.db.transaction(async (tx) => {
        await restaurantForWrite(tx, viewer, restaurant_id);
        if (to < from) throw badRequest(BULK_RANGE_REVERSED);
        if (to - from + 1 > BULK_TABLES_MAX) throw badRequest(BULK_TOO_MANY);
        // A name the restaurant has is skipped by the insert itself (ON CONFLICT on the case-blind unique index).
        const wanted = Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
        return createTables(tx, restaurant_id, wanted);
      });
      if (created.length > 0) app.menuChanged(restaurant_id);
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
          'no card. A name another table of the restaurant has (whatever the case) is a 409.',
        security: bearer,
        params: TableParams,
        body: UpdateTableBody,
        response: { 200: TableAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { table, restaurant_id } = await tableForWrite(app.db, authenticated(request), request.params.id);
      const name = request.body.name?.trim();
      const { is_active } = request.body;
      // A field not sent stays undefined, and the update leaves undefined columns as they are.
      const updated = await updateTable(app.db, table._id, { name, is_active }).catch(
        rethrowNameTaken(name ?? table.name),
      );
      if (!updated) throw notFound(TABLE_NOT_FOUND);
      app.menuChanged(restaurant_id);
      return { data: updated };
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
          "table's name as it was.",
        security: bearer,
        params: TableParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const deletion = await app.db.transaction(async (tx) => {
        const { table, restaurant_id } = await tableForWrite(tx, authenticated(request), request.params.id);
        await deleteTable(tx, table._id);
        return { restaurantId: restaurant_id };
      });
      return answerDeleted(app, options.config.dataDir, deletion, TABLE_DELETED);
    },
  );
};
