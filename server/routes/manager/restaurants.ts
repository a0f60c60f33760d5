import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { restaurantForWrite } from '../../access';
import { listTerminalGroups } from '../../domain/integration/pos-tables';
import { deleteRestaurant, updateRestaurant } from '../../domain/restaurants/restaurants';
import { messages } from '../../messages';
import { listRestaurants, presentManagedRestaurant } from '../../repositories/restaurants';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  ManagedRestaurantAnswer,
  RestaurantIdQuery,
  RestaurantsAnswer,
  SlugQuery,
  TerminalGroupsAnswer,
  UpdateRestaurantBody,
} from '../../schemas/restaurants';
import { rejectBadHours } from '../../schemas/schedule';
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

  app.get(
    '/manager/restaurants/terminal-groups',
    {
      schema: {
        tags: ['restaurants'],
        summary: "An integration restaurant's POS terminal groups",
        description:
          'The terminal groups (iiko: iikoFront groups) the POS lists for the restaurant, in its order: the first is ' +
          'the one used while `pos_terminal_group_id` is null. What `PUT /manager/restaurants/update` accepts as ' +
          '`pos_terminal_group_id`. Asked from the POS (10 s at most): 400 for a manual restaurant, 502 when the POS ' +
          "cannot be reached, 504 when it does not answer in time, 503 when no POS is configured; another manager's " +
          'restaurant is a 404.',
        security: bearer,
        querystring: RestaurantIdQuery,
        response: { 200: TerminalGroupsAnswer, ...errors(400, 401, 403, 404, 409, 502, 503, 504) },
      },
      preHandler: managerOrAdmin,
    },
    async (request) => {
      const restaurant = await restaurantForWrite(app.db, authenticated(request), request.query.restaurantId);
      return { data: await listTerminalGroups(app.integration, restaurant) };
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
          'ones, `null` removes one, the others stay), `ordering_enabled` (diners may order from the table), ' +
          '`time_zone` (IANA; an unknown one is a 400 naming it) and `working_hours` (null: always open; outside them ' +
          'orders and waiter calls answer 409; 400 for a time that is not `HH:MM`, an empty interval or two that ' +
          'overlap). ' +
          'An admin may also change slug (unique, 409), manager_id (an existing manager, 400), is_active, bot_token, ' +
          'channel_id and hide_stopped on any restaurant; a changed bot_token or channel_id is checked with Telegram first ' +
          '(getMe, getChat, getChatMember: 400 naming the field when Telegram refuses, 502 when it cannot be reached). ' +
          'Both may set `pos_terminal_group_id` on an integration restaurant: the POS terminal group that receives ' +
          "its table orders and whose tables the sync mirrors (null: the POS's first); the POS is asked first (400 " +
          'naming a group it does not list or for a manual restaurant, 502 when it cannot be reached, 504 when it does ' +
          'not answer in time, 503 when no POS is configured). ' +
          'An empty body is a 400. Answers `{ data: restaurant }`.',
        security: bearer,
        querystring: SlugQuery,
        body: UpdateRestaurantBody,
        response: { 200: ManagedRestaurantAnswer, ...errors(400, 401, 403, 404, 409, 502, 503, 504) },
      },
      preValidation: rejectBadHours({ time_zone: true, working_hours: true, digest_time: true }),
      preHandler: managerOrAdmin,
    },
    async (request) => {
      const { slug } = request.query;
      return {
        data: await updateRestaurant(deps, authenticated(request), slug, request.body, app.telegram, app.integration),
      };
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
