import type { ComponentType } from 'react';

/**
 * Every screen of the panel behind the login, each loaded from its own chunk when a route first needs it:
 * the login page downloads only the login. A loader is a plain `import()`, so calling it early (prefetch.ts) and
 * react-router calling it on navigation share one download: the browser keeps the module once it is fetched.
 *
 * The shells are here too: they bring the sidebar's Offcanvas, the bottom navigation and the logout dialog, which
 * the login page does not show. react-router loads a route's shell and screen in parallel.
 */
type Loader = () => Promise<{ Component: ComponentType }>;

export const screens = {
  adminShell: () => import('../features/shell/AdminShell').then((m) => ({ Component: m.AdminShell })),
  managerShell: () => import('../features/shell/ManagerShell').then((m) => ({ Component: m.ManagerShell })),
  roleShell: () => import('../features/shell/RoleShell').then((m) => ({ Component: m.RoleShell })),
  restaurants: () =>
    import('../features/restaurants/RestaurantListScreen').then((m) => ({ Component: m.RestaurantListScreen })),
  restaurantView: () =>
    import('../features/restaurants/RestaurantViewScreen').then((m) => ({ Component: m.RestaurantViewScreen })),
  profile: () => import('../features/profile/ProfileScreen').then((m) => ({ Component: m.ProfileScreen })),
  managers: () => import('../features/managers/ManagersScreen').then((m) => ({ Component: m.ManagersScreen })),
  adminCategories: () =>
    import('../features/categories/CategoryListScreen').then((m) => ({ Component: m.AdminCategoryListScreen })),
  managerCategories: () =>
    import('../features/categories/CategoryListScreen').then((m) => ({ Component: m.ManagerCategoryListScreen })),
  categoryList: () => import('../features/categories/CategoryRoutes').then((m) => ({ Component: m.CategoryListRoute })),
  categoryModal: () =>
    import('../features/categories/CategoryRoutes').then((m) => ({ Component: m.CategoryModalRoute })),
  adminProducts: () =>
    import('../features/products/ProductListScreen').then((m) => ({ Component: m.AdminProductListScreen })),
  managerProducts: () =>
    import('../features/products/ProductListScreen').then((m) => ({ Component: m.ManagerProductListScreen })),
  productTable: () =>
    import('../features/products/ProductTableRoute').then((m) => ({ Component: m.ProductTableRoute })),
  productDetail: () =>
    import('../features/products/ProductDetailScreen').then((m) => ({ Component: m.ProductDetailScreen })),
  productOptions: () =>
    import('../features/options/OptionsScreen').then((m) => ({ Component: m.ProductOptionsScreen })),
  productOptionRows: () =>
    import('../features/options/OptionRowsScreen').then((m) => ({ Component: m.ProductOptionRowScreen })),
  manager: () =>
    import('../features/manager/ManagerRestaurantScreen').then((m) => ({ Component: m.ManagerRestaurantScreen })),
  stopList: () => import('../features/stopList/StopListScreen').then((m) => ({ Component: m.StopListScreen })),
  adminTables: () => import('../features/tables/TablesScreen').then((m) => ({ Component: m.AdminTablesScreen })),
  managerTables: () => import('../features/tables/TablesScreen').then((m) => ({ Component: m.ManagerTablesScreen })),
  adminOrders: () => import('../features/orders/OrdersScreen').then((m) => ({ Component: m.AdminOrdersScreen })),
  managerOrders: () => import('../features/orders/OrdersScreen').then((m) => ({ Component: m.ManagerOrdersScreen })),
  kitchen: () => import('../features/kitchen/KitchenScreen').then((m) => ({ Component: m.KitchenScreen })),
  // The report's three addresses (the manager's, a restaurant's for the admin, the platform's) are one entry: the
  // screen tells them apart by its address, and every page's entry carries one loader instead of three.
  insights: () => import('../features/insights/InsightsScreen').then((m) => ({ Component: m.InsightsRoute })),
} satisfies Record<string, Loader>;

export type ScreenName = keyof typeof screens;
