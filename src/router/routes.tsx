import { Navigate, type RouteObject } from 'react-router-dom';
import { AppRoot } from '../app/AppRoot';
import { patterns } from '../app/paths';
import { LoginScreen } from '../features/auth/LoginScreen';
import { NotFound } from '../features/shell/NotFound';
import { HomeRoute, RequireAdmin, RequireLogin, RequireManager, RootRoute } from './guards';
import { RouteError, ScreenLoading } from './RouteFallback';
import { RouteFrame } from './RouteFrame';
import { screens } from './screens';

/**
 * The route table of spec 2.1 and 2.2, shared by the browser (main.tsx) and the UI tests (memory router).
 *
 * Only the login, the guards and the 404 page are in the first download; every other screen and both shells are
 * `lazy` (src/router/screens.ts): react-router fetches a route's chunks in parallel when it is first matched,
 * shows ScreenLoading on a first visit and RouteFrame's notice after a click, and prefetch.ts fetches a role's
 * screens once it has logged in.
 *
 * Screens of later issues are added to the three lists below; a path that has no screen yet falls through to
 * the not-found page (never a placeholder screen):
 * - adminScreens (inside /admin, sidebar): viewProduct/:category_id/:id, categoryList/:id,
 *   product-option/:ProductId, product-option-row/:id, product-detail/:ProductId/:id
 * - managerScreens (manager only, bottom navigation): /ProductStopList, /managerCategoryList,
 *   /ManagerProductTable/:category_id, /ManagerProductOptionRow/:ProductId
 * - sharedScreens (any logged-in role, the role's shell): /ProductTable/:category_id, /product-detail/:ProductId/:id,
 *   /product-option/:ProductId, /product-option, /product-option-row/:id, /categoryList, /categoryModal
 */
export const adminScreens: RouteObject[] = [
  { path: patterns.adminChildren.categoryList, lazy: screens.adminCategories },
  { path: patterns.adminChildren.viewProduct, lazy: screens.adminProducts },
  { path: patterns.adminChildren.productDetail, lazy: screens.productDetail },
  { path: patterns.adminChildren.productOption, lazy: screens.productOptions },
  { path: patterns.adminChildren.productOptionRow, lazy: screens.productOptionRows },
  { path: patterns.adminChildren.tables, lazy: screens.adminTables },
  { path: patterns.adminChildren.orders, lazy: screens.adminOrders },
  { path: patterns.adminChildren.insights, lazy: screens.insights },
  { path: patterns.adminChildren.restaurantInsights, lazy: screens.insights },
];
export const managerScreens: RouteObject[] = [
  // Matched without case: the bottom navigation's /productStopList opens it too.
  { path: patterns.productStopList, lazy: screens.stopList },
  { path: patterns.managerCategoryList, lazy: screens.managerCategories },
  { path: patterns.managerProductTable, lazy: screens.managerProducts },
  { path: patterns.managerProductOptionRow, lazy: screens.productOptions },
  { path: patterns.tables, lazy: screens.managerTables },
  { path: patterns.orders, lazy: screens.managerOrders },
  { path: patterns.insights, lazy: screens.insights },
];
export const sharedScreens: RouteObject[] = [
  { path: patterns.categoryList, lazy: screens.categoryList },
  { path: patterns.categoryModal, lazy: screens.categoryModal },
  { path: patterns.productTable, lazy: screens.productTable },
  { path: patterns.productDetail, lazy: screens.productDetail },
  { path: patterns.productOption, lazy: screens.productOptions },
  { path: patterns.productOptionBare, lazy: screens.productOptions },
  { path: patterns.productOptionRow, lazy: screens.productOptionRows },
];

const admin = patterns.adminChildren;

export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    // A first visit straight to a lazy screen (a reload, a bookmark) waits for its chunks here.
    hydrateFallbackElement: <ScreenLoading />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RouteFrame />,
        children: [
          { path: patterns.root, element: <RootRoute /> },
          { path: patterns.login, element: <LoginScreen /> },
          // A paired kitchen device, not a panel user: no session guard.
          { path: patterns.kitchen, lazy: screens.kitchen },
          { path: patterns.home, element: <HomeRoute /> },
          {
            path: patterns.admin,
            element: <RequireAdmin />,
            children: [
              {
                lazy: screens.adminShell,
                children: [
                  // Spec 2.2: the index redirects to the restaurants.
                  { index: true, element: <Navigate to={admin.restaurants} replace /> },
                  { path: admin.restaurants, lazy: screens.restaurants },
                  { path: admin.profile, lazy: screens.profile },
                  { path: admin.viewRestaurant, lazy: screens.restaurantView },
                  { path: admin.managers, lazy: screens.managers },
                  ...adminScreens,
                  { path: '*', element: <NotFound /> },
                ],
              },
            ],
          },
          {
            element: <RequireManager />,
            children: [
              {
                lazy: screens.managerShell,
                children: [
                  { path: patterns.manager, lazy: screens.manager },
                  { path: patterns.getManagerRestaurant, lazy: screens.manager },
                  ...managerScreens,
                ],
              },
            ],
          },
          {
            element: <RequireLogin />,
            children: [
              {
                lazy: screens.roleShell,
                children: [{ path: patterns.viewRestaurant, lazy: screens.restaurantView }, ...sharedScreens],
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
