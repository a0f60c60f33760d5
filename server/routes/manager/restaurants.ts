import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteRestaurant, updateRestaurant } from '../../domain/restaurants/restaurants';
import { messages } from '../../messages';
import { listRestaurants, presentManagedRestaurant } from '../../repositories/restaurants';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  ManagedRestaurantAnswer,
  RestaurantIdQuery,
  RestaurantsAnswer,
  SlugQuery,
  UpdateRestaurantBody,
} from '../../schemas/restaurants';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/** The manager's restaurant calls (spec 2.7, 7); an admin may use them on any restaurant. */
export const managerRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const managerOrAdmin = app.requireRole('manager', 'admin');
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/restaurants/me',
    {
      schema: {
        tags: ['restaurants'],
        summary: "The caller's restaurants",
        description:
          'A manager gets the restaurants assigned to them, oldest first (the client stores the first id as ' +
          '`restaurantId`); an admin gets every restaurant. Always an array.',
        security: bearer,
        response: { 200: RestaurantsAnswer, ...errors(401, 403) },
      },
      preHandler: managerOrAdmin,
    },
    async (request) => {
      const viewer = authenticated(request);
      const rows = await listRestaurants(app.db, viewer.role === 'admin' ? undefined : viewer._id);
      return { data: rows.map((row) => presentManagedRestaurant(row, viewer)) };
    },
  );

  app.put(
    '/manager/restaurants/update',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Change some fields of a restaurant',
        description:
          'Partial: only the sent fields change and `updatedAt` moves. A manager may change name, address, ' +
          'phone_number and work_time of their own restaurant (another restaurant answers 404; any other field 403); ' +
          'phone_number is an Uzbek number (9 digits, alone or after `+998`), stored as `+998 90 123 45 67`; ' +
          'address, phone_number and work_time may be emptied (`""`) only on an integration restaurant. ' +
          'Both may also set `languages` (must contain `uz`) and `translations` (the languages sent replace the stored ' +
          'ones, `null` removes one, the others stay) and `ordering_enabled` (diners may order from the table). ' +
          'An admin may also change slug (unique, 409), manager_id (an existing manager, 400), is_active, bot_token, ' +
          'channel_id and hide_stopped on any restaurant; a changed bot_token or channel_id is checked with Telegram first ' +
          '(getMe, getChat, getChatMember: 400 naming the field when Telegram refuses, 502 when it cannot be reached). ' +
          'An empty body is a 400. Answers `{ data: restaurant }`.',
        security: bearer,
        querystring: SlugQuery,
        body: UpdateRestaurantBody,
        response: { 200: ManagedRestaurantAnswer, ...errors(400, 401, 403, 404, 409, 502) },
      },
      preHandler: managerOrAdmin,
    },
    async (request) => {
      const { slug } = request.query;
      return { data: await updateRestaurant(deps, authenticated(request), slug, request.body, app.telegram) };
    },
  );

  app.delete(
    '/manager/restaurants/delete',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Delete a restaurant by id (admin only)',
        description:
          'Decision: although listed under /manager, deleting a restaurant is an admin action (spec 6: only admin ' +
          'sees delete), so a manager gets 403. Same effect as `DELETE /admin/restaurants/delete`: the restaurant, its ' +
          'categories, products, options, rows and image files go, in one transaction. Answers `{ success: true, message }`.',
        security: bearer,
        querystring: RestaurantIdQuery,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      preHandler: app.requireRole('admin'),
    },
    async (request) => {
      await deleteRestaurant(deps, config.dataDir, { _id: request.query.restaurantId });
      return deleted(messages.restaurantDeleted);
    },
  );
};
