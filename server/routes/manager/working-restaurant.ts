import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chooseWorkingRestaurant } from '../../domain/users/working-restaurant';
import { findWorkingRestaurant } from '../../repositories/working-restaurant';
import { bearer, errors } from '../../schemas/common';
import { WorkingRestaurantAnswer, WorkingRestaurantBody } from '../../schemas/working-restaurant';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

/**
 * The manager's working restaurant, remembered per user: a manager with several restaurants is opened on the one
 * they chose last (on any device), not on their first at every login.
 */
export const managerWorkingRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const manager = app.requireRole('manager');
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/restaurants/working',
    {
      schema: {
        tags: ['restaurants'],
        summary: "The manager's working restaurant",
        description:
          'The restaurant the manager chose last, while it is still theirs; `null` when none was chosen, or it was ' +
          'deleted or given to another manager since (the panel then works on the first of /manager/restaurants/me).',
        security: bearer,
        response: { 200: WorkingRestaurantAnswer, ...errors(401, 403) },
      },
      preHandler: manager,
    },
    async (request) => ({
      data: { restaurant_id: await findWorkingRestaurant(app.db, authenticated(request)._id) },
    }),
  );

  app.put(
    '/manager/restaurants/working',
    {
      schema: {
        tags: ['restaurants'],
        summary: "Choose the manager's working restaurant",
        description:
          'Remembers `restaurant_id` as the restaurant the manager works on (the next login opens it). Only one of ' +
          "the caller's own restaurants: another, or an unknown id, answers 404. Answers the remembered choice.",
        security: bearer,
        body: WorkingRestaurantBody,
        response: { 200: WorkingRestaurantAnswer, ...errors(400, 401, 403, 404) },
      },
      preHandler: manager,
    },
    async (request) => {
      const chosen = await chooseWorkingRestaurant(deps, authenticated(request), request.body.restaurant_id);
      return { data: { restaurant_id: chosen } };
    },
  );
};
