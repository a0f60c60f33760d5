import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminInsightRoutes } from './admin/insights';
import { adminIntegrationRoutes } from './admin/integration';
import { adminManagerRoutes } from './admin/managers';
import { adminRestaurantRoutes } from './admin/restaurants';
import { kitchenRoutes } from './kitchen';
import { managerCallRoutes } from './manager/calls';
import { managerCategoryRoutes } from './manager/categories';
import { managerEventRoutes } from './manager/events';
import { managerInsightRoutes } from './manager/insights';
import { managerKitchenDeviceRoutes } from './manager/kitchen-devices';
import { managerOptionRoutes } from './manager/options';
import { managerOrderRoutes } from './manager/orders';
import { managerPaymentRoutes } from './manager/payments';
import { managerProductRoutes } from './manager/products';
import { managerRestaurantRoutes } from './manager/restaurants';
import { managerRowRoutes } from './manager/rows';
import { managerStationRoutes } from './manager/stations';
import { managerTableRoutes } from './manager/tables';
import { managerTelegramStaffRoutes } from './manager/telegram-staff';
import { managerTelegramTestRoutes } from './manager/telegram-test';
import { uploadRoutes } from './manager/upload';
import { managerWorkingRestaurantRoutes } from './manager/working-restaurant';
import { menuRoutes } from './menu';
import { menuOrderEventRoutes } from './menu/order-events';
import { menuOrderRoutes } from './menu/orders';
import { menuPaymentRoutes } from './menu/payments';
import type { RouteOptions } from './options';
import { clickRoutes } from './payments/click';
import { paymeRoutes } from './payments/payme';
import { telegramWebhookRoutes } from './telegram/webhook';
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
    managerWorkingRestaurantRoutes,
    managerCategoryRoutes,
    managerProductRoutes,
    managerOptionRoutes,
    managerRowRoutes,
    managerTableRoutes,
    uploadRoutes,
    userRestaurantRoutes,
    userCategoryRoutes,
    userProductRoutes,
    menuRoutes,
    menuOrderRoutes,
    menuOrderEventRoutes,
    menuPaymentRoutes,
    managerPaymentRoutes,
    paymeRoutes,
    clickRoutes,
    managerOrderRoutes,
    managerCallRoutes,
    managerEventRoutes,
    managerTelegramTestRoutes,
    managerTelegramStaffRoutes,
    telegramWebhookRoutes,
    managerStationRoutes,
    managerKitchenDeviceRoutes,
    kitchenRoutes,
    managerInsightRoutes,
    adminInsightRoutes,
  ]) {
    await app.register(routes, options);
  }
};
