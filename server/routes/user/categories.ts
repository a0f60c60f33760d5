import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { notFound } from '../../errors';
import { listCategories } from '../../repositories/categories';
import { findRestaurantAudience } from '../../repositories/restaurants';
import { CategoryListAnswer, UserCategoryQuery } from '../../schemas/categories';
import { errors } from '../../schemas/common';
import { ownsRestaurant } from '../../viewer';
import type { RouteOptions } from '../options';

/** Public read of a restaurant's categories (the public menu, the stop-list screen and the admin category screen). */
export const userCategoryRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
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
      const restaurant = await findRestaurantAudience(app.db, restaurantId);
      if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND);
      const privileged = ownsRestaurant(request.viewer, restaurant);
      if (!privileged && !restaurant.is_active) throw notFound(RESTAURANT_NOT_FOUND);
      return listCategories(app.db, { restaurantId, activeOnly: !privileged });
    },
  );
};
