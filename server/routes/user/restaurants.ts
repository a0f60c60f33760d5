import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { notFound } from '../../errors';
import { MenuReadCache } from '../../menu/read-cache';
import { findRestaurantBySlug, presentRestaurant } from '../../repositories/restaurants';
import { errors } from '../../schemas/common';
import type { RestaurantView } from '../../schemas/restaurants';
import { RestaurantAnswer, SlugQuery } from '../../schemas/restaurants';
import { canSeeRestaurant } from '../../viewer';
import type { RouteOptions } from '../options';

/** The public restaurant read: what the menu and the panel's restaurant view show. */
export const userRestaurantRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // What anonymous callers (the public menu, diners' phones) get, by slug: the public fields of an active restaurant.
  // Signed-in callers read the database: what they see depends on who they are (manager login, tokens).
  const publicViews = new MenuReadCache<{ restaurant_id: string; view: RestaurantView }>(2000);
  app.onMenuChanged((restaurantId) => publicViews.invalidate(restaurantId));
  const loadPublicView = async (slug: string) => {
    const row = await findRestaurantBySlug(app.db, slug);
    return row && canSeeRestaurant(null, row)
      ? { restaurant_id: row._id, view: presentRestaurant(row, null) }
      : undefined;
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
          'no token.',
        security: [{}, { bearerAuth: [] }],
        querystring: SlugQuery,
        response: { 200: RestaurantAnswer, ...errors(400, 404) },
      },
      preHandler: app.identify,
    },
    async (request) => {
      if (!request.viewer) {
        const slug = request.query.slug.toLowerCase();
        const cached = await publicViews.get(slug, () => loadPublicView(slug));
        if (!cached) throw notFound(RESTAURANT_NOT_FOUND);
        return { data: cached.view };
      }
      const row = await findRestaurantBySlug(app.db, request.query.slug);
      if (!row || !canSeeRestaurant(request.viewer, row)) throw notFound(RESTAURANT_NOT_FOUND);
      return { data: presentRestaurant(row, request.viewer) };
    },
  );
};
