import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import type { Executor } from '../../db/client';
import { moveLines } from '../../domain/kitchen/line-moves';
import { reprintOrder } from '../../domain/kitchen/reprint';
import { moveOrderAsStaff } from '../../domain/orders/status';
import { retryTillOrder } from '../../domain/orders/till-retry';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { listOrders, type OrderScope, presentStaffOrder } from '../../repositories/orders';
import { bearer, errors, IdParams } from '../../schemas/common';
import { KitchenLineParams, LineMoveBody } from '../../schemas/kitchen';
import { pageOf } from '../../schemas/list-query';
import { StaffOrderAnswer, StaffOrderListAnswer, StaffOrderQuery, UpdateOrderBody } from '../../schemas/order-requests';
import { authenticated, type Viewer } from '../../viewer';
import type { RouteOptions } from '../options';

/**
 * Which restaurants a staff list covers: the one named (404 unless the caller owns it), or, for a manager who names
 * none, all of theirs (as GET /manager/category does); an admin must name one.
 */
export async function staffScope(db: Executor, viewer: Viewer, restaurantId?: string): Promise<OrderScope> {
  if (restaurantId) {
    await restaurantForWrite(db, viewer, restaurantId);
    return { restaurantId };
  }
  if (viewer.role === 'admin') throw badRequest(messages.fieldRequired('restaurant_id'));
  return { managerId: viewer._id };
}

/** The staff's orders: admins and the owning manager; anybody else's order is a 404. */
export const managerOrderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const deps = { db: app.db, work: app.work };
  const tags = ['ordering'];

  app.get(
    '/manager/orders',
    {
      schema: {
        tags,
        summary: "A restaurant's orders, waiting ones first",
        description:
          'The orders still `new` first, the longest-waiting on top; then every other order, newest first. Paged (`page` from 1, `limit` 1-100, default 20); `count` is every order matching the filters. A manager ' +
          'without `restaurant_id` gets the orders of all their restaurants; an admin must name the restaurant.',
        security: bearer,
        querystring: StaffOrderQuery,
        response: { 200: StaffOrderListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { restaurant_id, status } = request.query;
      const scope = await staffScope(app.db, authenticated(request), restaurant_id);
      const { rows, count } = await listOrders(app.db, scope, status, pageOf(request.query));
      return { data: rows.map(presentStaffOrder), count };
    },
  );

  app.put(
    '/manager/orders/:id',
    {
      schema: {
        tags,
        summary: "Change an order's status",
        description:
          'Only new → accepted → served and new or accepted → cancelled; anything else (the same status too) is a 409 ' +
          'naming the current status. Checked and changed in one statement: of two staff changing it at once, one wins ' +
          'and the other gets the 409. `status_changed_by` becomes the caller’s login.',
        security: bearer,
        params: IdParams,
        body: UpdateOrderBody,
        response: { 200: StaffOrderAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      const order = await moveOrderAsStaff(deps, authenticated(request), request.params.id, request.body.status);
      return { data: presentStaffOrder(order) };
    },
  );

  app.put(
    '/manager/orders/:id/items/:index',
    {
      schema: {
        tags,
        summary: 'Move a line of an order through the kitchen',
        description:
          'new → cooking → ready → served, forward a step or more (a waiter marks a ready dish served), or back one ' +
          'step as the undo of its last move within a minute. The order follows its lines: served once every line is, ' +
          "accepted once one has started. 409 names why a move is refused; another restaurant's order is a 404.",
        security: bearer,
        params: KitchenLineParams,
        body: LineMoveBody,
        response: { 200: StaffOrderAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { id, index } = request.params;
      const actor = { kind: 'staff' as const, viewer: authenticated(request) };
      const order = await moveLines(deps, actor, id, { index: Number(index) }, request.body.status);
      return { data: presentStaffOrder(order) };
    },
  );

  app.post(
    '/manager/orders/:id/print',
    {
      schema: {
        tags,
        summary: 'Print the order\'s kitchen tickets again ("Qayta chop etish")',
        description:
          'One ticket per station with a printer that makes one of its lines, marked as printed again. 409 when none ' +
          "of its stations has a printer; another restaurant's order is a 404.",
        security: bearer,
        params: IdParams,
        response: { 200: StaffOrderAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      const order = await reprintOrder(deps, authenticated(request), request.params.id);
      return { data: presentStaffOrder(order) };
    },
  );

  app.post(
    '/manager/orders/:id/pos-retry',
    {
      schema: {
        tags,
        summary: 'Send an order to the till again',
        description:
          'For an order of an integration restaurant whose sending to the till failed (`pos.status` `failed`): its ' +
          'sending starts over at once and the order answers with `pos.status` `sending`. 409 when it has not failed ' +
          "(on its way, on the till already) or the restaurant has no till; another restaurant's order is a 404.",
        security: bearer,
        params: IdParams,
        response: { 200: StaffOrderAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      const order = await retryTillOrder(deps, authenticated(request), request.params.id);
      return { data: presentStaffOrder(order) };
    },
  );
};
