import { Navigate, type RouteObject } from 'react-router-dom';
import { AppRoot } from '../app/AppRoot';
import { patterns } from '../app/paths';
import { LoginScreen } from '../features/auth/LoginScreen';
import { AdminCategoryListScreen, ManagerCategoryListScreen } from '../features/categories/CategoryListScreen';
import { CategoryListRoute, CategoryModalRoute } from '../features/categories/CategoryRoutes';
import { ManagerRestaurantScreen } from '../features/manager/ManagerRestaurantScreen';
import { ManagersScreen } from '../features/managers/ManagersScreen';
import { ProductOptionRowScreen } from '../features/options/OptionRowsScreen';
import { ProductOptionsScreen } from '../features/options/OptionsScreen';
import { ProductDetailScreen } from '../features/products/ProductDetailScreen';
import { AdminProductListScreen, ManagerProductListScreen } from '../features/products/ProductListScreen';
import { ProductTableRoute } from '../features/products/ProductTableRoute';
import { ProfileScreen } from '../features/profile/ProfileScreen';
import { RestaurantListScreen } from '../features/restaurants/RestaurantListScreen';
import { RestaurantViewScreen } from '../features/restaurants/RestaurantViewScreen';
import { AdminShell } from '../features/shell/AdminShell';
import { ManagerShell } from '../features/shell/ManagerShell';
import { NotFound } from '../features/shell/NotFound';
import { RoleShell } from '../features/shell/RoleShell';
import { StopListScreen } from '../features/stopList/StopListScreen';
import { HomeRoute, RequireAdmin, RequireLogin, RequireManager, RootRoute } from './guards';

/**
 * The route table of spec 2.1 and 2.2, shared by the browser (main.tsx) and the UI tests (memory router).
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
  { path: patterns.adminChildren.categoryList, element: <AdminCategoryListScreen /> },
  { path: patterns.adminChildren.viewProduct, element: <AdminProductListScreen /> },
  { path: patterns.adminChildren.productDetail, element: <ProductDetailScreen /> },
  { path: patterns.adminChildren.productOption, element: <ProductOptionsScreen /> },
  { path: patterns.adminChildren.productOptionRow, element: <ProductOptionRowScreen /> },
];
export const managerScreens: RouteObject[] = [
  // Matched without case: the bottom navigation's /productStopList opens it too.
  { path: patterns.productStopList, element: <StopListScreen /> },
  { path: patterns.managerCategoryList, element: <ManagerCategoryListScreen /> },
  { path: patterns.managerProductTable, element: <ManagerProductListScreen /> },
  { path: patterns.managerProductOptionRow, element: <ProductOptionsScreen /> },
];
export const sharedScreens: RouteObject[] = [
  { path: patterns.categoryList, element: <CategoryListRoute /> },
  { path: patterns.categoryModal, element: <CategoryModalRoute /> },
  { path: patterns.productTable, element: <ProductTableRoute /> },
  { path: patterns.productDetail, element: <ProductDetailScreen /> },
  { path: patterns.productOption, element: <ProductOptionsScreen /> },
  { path: patterns.productOptionBare, element: <ProductOptionsScreen /> },
  { path: patterns.productOptionRow, element: <ProductOptionRowScreen /> },
];

const admin = patterns.adminChildren;

export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: patterns.root, element: <RootRoute /> },
      { path: patterns.login, element: <LoginScreen /> },
      { path: patterns.home, element: <HomeRoute /> },
      {
        path: patterns.admin,
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminShell />,
            children: [
              // Spec 2.2: the index redirects to the restaurants.
              { index: true, element: <Navigate to={admin.restaurants} replace /> },
              { path: admin.restaurants, element: <RestaurantListScreen /> },
              { path: admin.profile, element: <ProfileScreen /> },
              { path: admin.viewRestaurant, element: <RestaurantViewScreen /> },
              { path: admin.managers, element: <ManagersScreen /> },
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
            element: <ManagerShell />,
            children: [
              { path: patterns.manager, element: <ManagerRestaurantScreen /> },
              { path: patterns.getManagerRestaurant, element: <ManagerRestaurantScreen /> },
              ...managerScreens,
            ],
          },
        ],
      },
      {
        element: <RequireLogin />,
        children: [
          {
            element: <RoleShell />,
            children: [{ path: patterns.viewRestaurant, element: <RestaurantViewScreen /> }, ...sharedScreens],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
