import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { forbidden, notFound } from '../../errors';
import {
  assertSlugFree,
  blankToNull,
  deleteRestaurant,
  findRestaurantById,
  findRestaurantBySlug,
  listRestaurants,
  presentManagedRestaurant,
  RESTAURANT_DELETED,
  type RestaurantChanges,
  rethrowSlugTaken,
  slugKey,
  trimmedText,
  updateRestaurant,
} from '../../repositories/restaurants';
import { checkedLanguages } from '../../repositories/translations';
import { assertManagerExists } from '../../repositories/users';
import { bearer, errors, Ok } from '../../schemas/common';
import {
  MANAGER_EDITABLE,
  ManagedRestaurantAnswer,
  RestaurantIdQuery,
  RestaurantsAnswer,
  SlugQuery,
  UpdateRestaurantBody,
} from '../../schemas/restaurants';
import { checkSettingsChange } from '../../telegram/settings';
import { authenticated, ownsRestaurant } from '../../viewer';
import { answerDeleted } from '../deleted';
import type { RouteOptions } from '../options';
import { detailChanges } from './restaurant-details';

export const adminOnlyField = (field: string) => `"${field}" maydonini faqat administrator o'zgartira oladi.`;

/** The manager's restaurant calls (spec 2.7, 7); an admin may use them on any restaurant. */
export const managerRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config }) => {
  const managerOrAdmin = app.requireRole('manager', 'admin');

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
          'ones, `null` removes one, the others stay; issue 18) and `ordering_enabled` (diners may order from the ' +
          'table; issue 17). ' +
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
      const viewer = authenticated(request);
      const body = request.body;
      if (viewer.role !== 'admin') {
        const refused = Object.keys(body).find((key) => !(MANAGER_EDITABLE as readonly string[]).includes(key));
        if (refused) throw forbidden(adminOnlyField(refused));
      }
      const text = trimmedText(body, ['name'] as const);
      const found = await findRestaurantBySlug(app.db, request.query.slug);
      if (!found || !ownsRestaurant(viewer, found)) throw notFound(RESTAURANT_NOT_FOUND);
      const details = detailChanges(body, found.type);
      const slug = body.slug === undefined ? undefined : slugKey(body.slug);
      // Its own slug is never taken from itself (assertSlugFree leaves this restaurant out).
      if (slug !== undefined) await assertSlugFree(app.db, slug, found._id);
      if (body.manager_id !== undefined) await assertManagerExists(app.db, body.manager_id);

      // Fields not sent stay undefined, and an update leaves undefined columns as they are.
      const changes: RestaurantChanges = {
        ...text,
        ...details,
        languages: body.languages === undefined ? undefined : checkedLanguages(body.languages),
        translations: body.translations,
        slug,
        manager_id: body.manager_id,
        is_active: body.is_active,
        hide_stopped: body.hide_stopped,
        ordering_enabled: body.ordering_enabled,
        bot_token: blankToNull(body.bot_token),
        channel_id: blankToNull(body.channel_id),
      };
      // Issue 15: new Telegram settings are checked with Telegram before they are saved.
      const telegramChanged = await checkSettingsChange(app.telegram.api, found, changes);
      if (telegramChanged) changes.telegram_error = null;

      // The owner check is repeated in the WHERE, so a restaurant reassigned meanwhile is not written by its old manager.
      const onlyManagerId = viewer.role === 'admin' ? undefined : viewer._id;
      const updated = await updateRestaurant(app.db, found._id, changes, onlyManagerId).catch(rethrowSlugTaken);
      if (!updated) throw notFound(RESTAURANT_NOT_FOUND);
      app.menuChanged(found._id);
      if (telegramChanged) await app.telegram.settingsSaved(found._id);
      const row = await findRestaurantById(app.db, found._id);
      return { data: presentManagedRestaurant(row!, viewer) };
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
      const deleted = await deleteRestaurant(app.db, { _id: request.query.restaurantId });
      if (!deleted) throw notFound(RESTAURANT_NOT_FOUND);
      return answerDeleted(app, config.dataDir, deleted, RESTAURANT_DELETED);
    },
  );
};
