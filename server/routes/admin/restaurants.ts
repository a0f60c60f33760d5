import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatPhone } from '../../../lib/format';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { notFound } from '../../errors';
import {
  assertSlugFree,
  blankToNull,
  createRestaurant,
  deleteRestaurant,
  findRestaurantById,
  listRestaurants,
  pageRestaurants,
  presentManagedRestaurant,
  RESTAURANT_DELETED,
  restaurantCounts,
  rethrowSlugTaken,
  slugKey,
  trimmedText,
} from '../../repositories/restaurants';
import { checkedLanguages, newTranslations } from '../../repositories/translations';
import { untranslatedMenus } from '../../repositories/untranslated';
import { assertManagerExists } from '../../repositories/users';
import { bearer, errors, Ok } from '../../schemas/common';
import { asksForPage, pageOf } from '../../schemas/list-query';
import {
  CreateRestaurantBody,
  ManagedRestaurantAnswer,
  RestaurantListAnswer,
  RestaurantListQuery,
  SlugQuery,
} from '../../schemas/restaurants';
import { checkSettingsChange } from '../../telegram/settings';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';

/** Admin-only restaurant calls (spec 2.5, 6, 7): the list with counters, create and delete. */
export const adminRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const admin = app.requireRole('admin');

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
          '`translations` of name, address and work_time by language (issue 18). Answers 201 with `{ data: restaurant }`.',
        security: bearer,
        body: CreateRestaurantBody,
        response: { 201: ManagedRestaurantAnswer, ...errors(400, 401, 403, 409, 502) },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const body = request.body;
      const text = trimmedText(body, ['name', 'address', 'phone_number', 'work_time'] as const);
      const slug = slugKey(body.slug);
      const languages = body.languages === undefined ? undefined : checkedLanguages(body.languages);
      await assertSlugFree(app.db, slug);
      await assertManagerExists(app.db, body.manager_id);
      const telegram = {
        bot_token: blankToNull(body.bot_token) ?? null,
        channel_id: blankToNull(body.channel_id) ?? null,
      };
      // Issue 15: a bot token and channel are checked with Telegram before the restaurant is saved with them.
      await checkSettingsChange(app.telegram.api, undefined, telegram);
      const created = await createRestaurant(app.db, {
        name: text.name!,
        slug,
        address: text.address!,
        phone_number: formatPhone(text.phone_number!),
        work_time: text.work_time!,
        manager_id: body.manager_id,
        is_active: body.is_active,
        type: 'manual',
        ...telegram,
        hide_stopped: body.hide_stopped ?? false,
        ordering_enabled: body.ordering_enabled ?? false,
        ...(languages === undefined ? {} : { languages }),
        translations: newTranslations(body.translations),
      }).catch(rethrowSlugTaken);
      const row = await findRestaurantById(app.db, created._id);
      app.menuChanged(created._id);
      if (telegram.bot_token) await app.telegram.settingsSaved(created._id);
      return reply.code(201).send({ data: presentManagedRestaurant(row!, request.viewer) });
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
      const deleted = await deleteRestaurant(app.db, { slug: request.query.slug });
      if (!deleted) throw notFound(RESTAURANT_NOT_FOUND);
      return answerDeleted(app, config.dataDir, deleted, RESTAURANT_DELETED);
    },
  );
};
