import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createRestaurant, deleteRestaurant } from '../../domain/restaurants/restaurants';
import { messages } from '../../messages';
import {
  listRestaurants,
  pageRestaurants,
  presentManagedRestaurant,
  restaurantCounts,
} from '../../repositories/restaurants';
import { untranslatedMenus } from '../../repositories/untranslated';
import { bearer, errors, Ok } from '../../schemas/common';
import { asksForPage, pageOf } from '../../schemas/list-query';
import {
  CreateRestaurantBody,
  ManagedRestaurantAnswer,
  RestaurantListAnswer,
  RestaurantListQuery,
  SlugQuery,
} from '../../schemas/restaurants';
import { rejectBadHours } from '../../schemas/schedule';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/** Admin-only restaurant calls (spec 2.5, 6, 7): the list with counters, create and delete. */
export const adminRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const admin = app.requireRole('admin');
  const deps = { db: app.db, work: app.work };

  app.get(
    '/admin/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'All restaurants with their counters, or one page of them',
        description:
          'Without parameters, every restaurant, newest first, each with its manager (`manager_id` and `manager: ' +
          '{ _id, login }`), as the spec shows. With any of `page`, `limit` (1-100, default 20), `q` (part of the ' +
          'name, slug or phone number, without regard to case; digits alone match the phone whatever its spaces), ' +
          '`is_active` and `type`: that page of the matching restaurants in the same order, plus `total` (matching ' +
          'rows in all pages), `page` and `limit`. `counts` (`all_count`, `active_count`, `inactive_count`) are ' +
          'always over every restaurant, counted by the database. Each row of a page also says how much of its menu lacks a ' +
          'translation (`untranslated`: categories, products and options per offered language).',
        security: bearer,
        querystring: RestaurantListQuery,
        response: { 200: RestaurantListAnswer, ...errors(400, 401, 403) },
      },
      preHandler: admin,
    },
    async (request) => {
      const query = request.query;
      if (!asksForPage(query)) {
        const [rows, { matching: _, ...counts }] = await Promise.all([
          listRestaurants(app.db),
          restaurantCounts(app.db),
        ]);
        return { restaurants: rows.map((row) => presentManagedRestaurant(row, request.viewer)), counts };
      }
      const page = pageOf(query);
      const filter = {
        q: query.q,
        is_active: query.is_active === undefined ? undefined : query.is_active === 'true',
        type: query.type,
        id: query.id,
      };
      const { rows, total, counts } = await pageRestaurants(app.db, filter, page);
      const untranslated = await untranslatedMenus(app.db, rows);
      return {
        restaurants: rows.map((row) => ({
          ...presentManagedRestaurant(row, request.viewer),
          untranslated: untranslated.get(row._id),
        })),
        counts,
        total,
        ...page,
      };
    },
  );

  app.post(
    '/admin/restaurants/create',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Create a restaurant',
        description:
          'Spec section 5: name, slug, address, manager_id, is_active, phone_number and work_time are required; ' +
          'bot_token, channel_id, hide_stopped and ordering_enabled (both default false) optional; bot_token and channel_id are ' +
          'checked with Telegram (400 naming the field when Telegram refuses them, 502 when it cannot be reached). phone_number is an Uzbek number (9 digits, alone or after `+998`), ' +
          'stored as `+998 90 123 45 67`. The slug must be unique whatever the case (409), URL-safe, and is stored ' +
          'lowercase; manager_id must be an ' +
          'existing manager (400). Type is `manual`. Optional `languages` (default `["uz"]`, must contain `uz`) and ' +
          '`translations` of name, address and work_time by language. Optional `time_zone` (IANA, default ' +
          '`Asia/Tashkent`; an unknown one is a 400 naming it) and `working_hours` (null, the default: always open; ' +
          'outside them orders and waiter calls answer 409). Answers 201 with `{ data: restaurant }`.',
        security: bearer,
        body: CreateRestaurantBody,
        response: { 201: ManagedRestaurantAnswer, ...errors(400, 401, 403, 409, 502) },
      },
      preValidation: rejectBadHours({ time_zone: true, working_hours: true, digest_time: true }),
      preHandler: admin,
    },
    async (request, reply) => {
      const restaurant = await createRestaurant(deps, authenticated(request), request.body, app.telegram);
      return reply.code(201).send({ data: restaurant });
    },
  );

  app.delete(
    '/admin/restaurants/delete',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Delete a restaurant by slug',
        description:
          'Deletes the restaurant with its categories, products, options and option rows in one transaction, then ' +
          'removes its image files and its products’ image files. Answers `{ success: true, message }`; 404 if no ' +
          'restaurant has that slug.',
        security: bearer,
        querystring: SlugQuery,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      preHandler: admin,
    },
    async (request) => {
      await deleteRestaurant(deps, config.dataDir, { slug: request.query.slug });
      return deleted(messages.restaurantDeleted);
    },
  );
};
