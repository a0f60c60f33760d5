import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { markCallDoneAsStaff } from '../../domain/orders/status';
import { listCalls, presentStaffCall } from '../../repositories/calls';
import { bearer, errors, IdParams } from '../../schemas/common';
import { pageOf } from '../../schemas/list-query';
import { StaffCallAnswer, StaffCallListAnswer, StaffCallQuery, UpdateCallBody } from '../../schemas/order-requests';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';
import { staffScope } from './orders';

/** The staff's waiter and bill calls: admins and the owning manager; anybody else's call is a 404. */
export const managerCallRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const deps = { db: app.db, work: app.work };
  const tags = ['ordering'];

  app.get(
    '/manager/calls',
    {
      schema: {
        tags,
        summary: "A restaurant's waiter and bill calls, newest first",
        description:
          'Paged like GET /manager/orders (`page`, `limit` 1-100, default 20; `count` is every call matching). A ' +
          'manager without `restaurant_id` gets the calls of all their restaurants; an admin must name the restaurant.',
        security: bearer,
        querystring: StaffCallQuery,
        response: { 200: StaffCallListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const { restaurant_id, status } = request.query;
      const scope = await staffScope(app.db, authenticated(request), restaurant_id);
      const { rows, count } = await listCalls(app.db, scope, status, pageOf(request.query));
      return { data: rows.map(presentStaffCall), count };
    },
  );

  app.put(
    '/manager/calls/:id',
    {
      schema: {
        tags,
        summary: 'Mark a call done',
        description: 'new → done; a call already done answers 409. `status_changed_by` becomes the caller’s login.',
        security: bearer,
        params: IdParams,
        body: UpdateCallBody,
        response: { 200: StaffCallAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      return { data: presentStaffCall(await markCallDoneAsStaff(deps, authenticated(request), request.params.id)) };
    },
  );
};
