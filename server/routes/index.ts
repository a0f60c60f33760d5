import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminIntegrationRoutes } from './admin/integration';
import { adminManagerRoutes } from './admin/managers';
import { adminRestaurantRoutes } from './admin/restaurants';
import { managerCategoryRoutes } from './manager/categories';
import { managerOptionRoutes } from './manager/options';
import { managerProductRoutes } from './manager/products';
import { managerRestaurantRoutes } from './manager/restaurants';
import { managerRowRoutes } from './manager/rows';
import { uploadRoutes } from './manager/upload';
import { menuRoutes } from './menu';
import type { RouteOptions } from './options';
import { userCategoryRoutes } from './user/categories';
import { userProductRoutes } from './user/products';
import { userRestaurantRoutes } from './user/restaurants';

/** Every route module of the API, one per area and resource. */
export const apiRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  for (const routes of [
    adminRestaurantRoutes,
    adminManagerRoutes,
    adminIntegrationRoutes,
    managerRestaurantRoutes,
    managerCategoryRoutes,
    managerProductRoutes,
    managerOptionRoutes,
    managerRowRoutes,
    uploadRoutes,
    userRestaurantRoutes,
    userCategoryRoutes,
    userProductRoutes,
    menuRoutes,
  ]) {
    await app.register(routes, options);
  }
};
