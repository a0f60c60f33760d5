import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import { replaceTelegramStaff } from '../../domain/telegram/staff';
import { bearer, errors, IdParams } from '../../schemas/common';
import { TelegramStaffAnswer, TelegramStaffBody } from '../../schemas/telegram';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

/**
 * The Telegram users a restaurant links to its staff: besides the chat's administrators only they may
 * press its messages' buttons. Read and replaced as one list by the restaurant's manager or an admin.
 */
export const managerTelegramStaffRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const deps = { db: app.db, work: app.work };
  const schema = {
    tags: ['telegram'],
    security: bearer,
    params: IdParams,
  };

  app.get(
    '/manager/restaurants/:id/telegram/staff',
    {
      schema: {
        ...schema,
        summary: "The Telegram users linked to the restaurant's staff",
        description: 'Admins and the owning manager (anybody else: 404).',
        response: { 200: TelegramStaffAnswer, ...errors(401, 403, 404) },
      },
      onRequest: app.requireRole('admin', 'manager'),
    },
    async (request) => {
      const restaurant = await restaurantForWrite(app.db, authenticated(request), request.params.id);
      return { data: { telegram_staff: restaurant.telegram_staff } };
    },
  );

  app.put(
    '/manager/restaurants/:id/telegram/staff',
    {
      schema: {
        ...schema,
        summary: "Replace the Telegram users linked to the restaurant's staff",
        description:
          'Admins and the owning manager (anybody else: 404). Each entry a user id (digits) or a username (`@name` ' +
          'or `name`, 5–32 letters, digits or `_`); stored as the digits or as `@` and the username in lower case, ' +
          'blank entries dropped, each once. An entry that is neither: 400 naming it. At most 50.',
        body: TelegramStaffBody,
        response: { 200: TelegramStaffAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: app.requireRole('admin', 'manager'),
    },
    async (request) => {
      const viewer = authenticated(request);
      const staff = await replaceTelegramStaff(deps, viewer, request.params.id, request.body.telegram_staff);
      return { data: { telegram_staff: staff } };
    },
  );
};
