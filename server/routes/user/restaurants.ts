import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../errors';
import { localize } from '../../menu/localize';
import { AnswerMemo, MenuReadCache } from '../../menu/read-cache';
import { messages } from '../../messages';
import { findRestaurantBySlug, presentRestaurant, type RestaurantRow } from '../../repositories/restaurants';
import { errors } from '../../schemas/common';
import type { Language } from '../../schemas/translations';
import { UserRestaurantAnswer, UserSlugQuery } from '../../schemas/user-reads';
import { canSeeRestaurant, type Viewer } from '../../viewer';
import type { RouteOptions } from '../options';
import { inLanguage } from './languages';

/** The restaurant's answer in `asked` (undefined: the spec's answer), kept in `memo` per language. */
function answer(row: RestaurantRow, viewer: Viewer | null, asked: Language | undefined, memo?: Map<string, unknown>) {
  return inLanguage(
    row.languages,
    asked,
    (lang) => ({ data: localize({ ...presentRestaurant(row, viewer), translations: row.translations }, lang) }),
    memo,
  );
}

/** The public restaurant read: what the menu and the panel's restaurant view show. */
export const userRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // What anonymous callers (the public menu, diners' phones) get, by slug: the public fields of an active restaurant.
  // Signed-in callers read the database: what they see depends on who they are (manager login, tokens). Each
  // language's answer is made once per cached row and dropped with it.
  const publicViews = new MenuReadCache<{ restaurant_id: string; row: RestaurantRow; answers: AnswerMemo }>(
    'restaurant views',
    app.menuCacheMemory,
  );
  app.onMenuChanged((restaurantId) => publicViews.invalidate(restaurantId));
  const loadPublicView = async (slug: string) => {
    const row = await findRestaurantBySlug(app.db, slug);
    return row && canSeeRestaurant(null, row) ? { restaurant_id: row._id, row, answers: new AnswerMemo() } : undefined;
  };

  app.get(
    '/user/restaurants/view',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'One restaurant by slug (public)',
        description:
          'No token needed. Anonymous callers (and other managers) see active restaurants only: an inactive one ' +
          'answers 404. An admin or the owning manager also sees inactive ones and gets `manager_id`, ' +
          '`manager { _id, login }` and `channel_id`; `bot_token` is shown to admins only. A bad token is treated as ' +
          'no token. With `lang`: `name`, `address` and `work_time` in that language (each falling back to ' +
          "Uzbek), and `lang`, the language used (the restaurant's first when it does not offer the asked one).",
        security: [{}, { bearerAuth: [] }],
        querystring: UserSlugQuery,
        response: { 200: UserRestaurantAnswer, ...errors(400, 404) },
      },
      preHandler: app.identify,
    },
    async (request) => {
      if (!request.viewer) {
        const slug = request.query.slug.toLowerCase();
        const cached = await publicViews.get(slug, () => loadPublicView(slug));
        if (!cached) throw notFound(messages.restaurantNotFound);
        return answer(cached.row, null, request.query.lang, cached.answers);
      }
      const row = await findRestaurantBySlug(app.db, request.query.slug);
      if (!row || !canSeeRestaurant(request.viewer, row)) throw notFound(messages.restaurantNotFound);
      return answer(row, request.viewer, request.query.lang);
    },
  );
};
