import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { notFound } from '../../errors';
import { MenuReadCache } from '../../menu/read-cache';
import { listCategories } from '../../repositories/categories';
import { findRestaurantAudience } from '../../repositories/restaurants';
import { CategoryListAnswer, UserCategoryQuery } from '../../schemas/categories';
import { errors } from '../../schemas/common';
import { ownsRestaurant } from '../../viewer';
import type { RouteOptions } from '../options';

/** Public read of a restaurant's categories (the public menu, the stop-list screen and the admin category screen). */
export const userCategoryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // What anonymous callers get, by restaurant: the active categories of an active restaurant. Signed-in callers read
  // the database (an owner sees inactive categories too).
  type CategoryList = Awaited<ReturnType<typeof listCategories>>;
  const publicLists = new MenuReadCache<{ restaurant_id: string; list: CategoryList }>(2000);
  app.onMenuChanged((restaurantId) => publicLists.invalidate(restaurantId));
  const loadPublicList = async (restaurantId: string) => {
    const restaurant = await findRestaurantAudience(app.db, restaurantId);
    if (!restaurant?.is_active) return undefined;
    return { restaurant_id: restaurantId, list: await listCategories(app.db, { restaurantId, activeOnly: true }) };
  };

  app.get(
    '/user/category',
    {
      schema: {
        tags: ['categories'],
        summary: "A restaurant's categories with counts",
        description:
          'Categories in display order (see PUT /manager/category/order). Anonymous callers and other managers get the ' +
          'active categories of an active restaurant (an inactive or unknown restaurant is a 404) and counts over those. ' +
          'An admin or the owning manager (Authorization header) gets every category, inactive ones too, with counts ' +
          'over all of them.',
        querystring: UserCategoryQuery,
        response: { 200: CategoryListAnswer, ...errors(400, 404) },
      },
      onRequest: app.identify,
    },
    async (request) => {
      const restaurantId = request.query.restaurant_id;
      if (!request.viewer) {
        const cached = await publicLists.get(restaurantId.toLowerCase(), () => loadPublicList(restaurantId));
        if (!cached) throw notFound(RESTAURANT_NOT_FOUND);
        return cached.list;
      }
      const restaurant = await findRestaurantAudience(app.db, restaurantId);
      if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
      const privileged = ownsRestaurant(request.viewer, restaurant);
      if (!privileged && !restaurant.is_active) throw notFound(RESTAURANT_NOT_FOUND);
      return listCategories(app.db, { restaurantId, activeOnly: !privileged });
    },
  );
};
