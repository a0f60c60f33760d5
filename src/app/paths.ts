/**
 * Every URL of the panel, in one place: the route patterns of spec 2.1 and 2.2 (case included) and a builder for
 * each. Screens link with the builders, the route table uses the patterns; nothing else spells a path.
 * react-router matches case-insensitively, so the bottom navigation's /productStopList opens /ProductStopList.
 */

const enc = encodeURIComponent;

/** Route patterns, as react-router reads them. */
export const patterns = {
  root: '/',
  home: '/home/*',
  login: '/login',
  admin: '/admin',
  manager: '/manager/*',
  viewRestaurant: '/viewRestaurant/:id',
  productOption: '/product-option/:ProductId',
  productOptionBare: '/product-option',
  productOptionRow: '/product-option-row/:id',
  productStopList: '/ProductStopList',
  managerProductOptionRow: '/ManagerProductOptionRow/:ProductId',
  productTable: '/ProductTable/:category_id',
  managerProductTable: '/ManagerProductTable/:category_id',
  getManagerRestaurant: '/getManagerRestaurant',
  productDetail: '/product-detail/:ProductId/:id',
  categoryList: '/categoryList',
  managerCategoryList: '/managerCategoryList',
  categoryModal: '/categoryModal',
  /** A manager's tables (the working restaurant, or `?restaurant=`). */
  tables: '/tables',
  /** The staff's orders screen (a manager's restaurant with ordering on, or `?restaurant=`). */
  orders: '/orders',
  /** The owner's report ("Hisobot") of the working restaurant, or `?restaurant=`. */
  insights: '/insights',
  /** The kitchen display of a paired device (no panel session). */
  kitchen: '/kitchen',
  /** Relative to /admin (spec 2.2). */
  adminChildren: {
    restaurants: 'restaurants',
    productOption: 'product-option/:ProductId',
    profile: 'profile',
    viewRestaurant: 'viewRestaurant/:id/:slug',
    viewProduct: 'viewProduct/:category_id/:id',
    categoryList: 'categoryList/:id',
    productOptionRow: 'product-option-row/:id',
    productDetail: 'product-detail/:ProductId/:id',
    /** Not in the spec: the managers screen, for the API's manager calls. */
    managers: 'managers',
    /** A restaurant's tables, from the restaurant view (as its categories: categoryList/:id). */
    tables: 'tables/:id',
    /** A restaurant's orders, from the restaurant view. */
    orders: 'orders/:id',
    /** The whole platform's report ("Hisobot"), from the sidebar. */
    insights: 'insights',
    /** A restaurant's report, from the restaurant view. */
    restaurantInsights: 'insights/:id',
  },
} as const;

/** URL builders. */
export const paths = {
  root: () => '/',
  home: () => '/home',
  login: () => '/login',
  admin: () => '/admin',
  manager: () => '/manager',
  adminRestaurants: () => '/admin/restaurants',
  adminProfile: () => '/admin/profile',
  adminManagers: () => '/admin/managers',
  adminViewRestaurant: (id: string, slug: string) => `/admin/viewRestaurant/${enc(id)}/${enc(slug)}`,
  adminCategoryList: (restaurantId: string) => `/admin/categoryList/${enc(restaurantId)}`,
  adminViewProduct: (categoryId: string, id: string) => `/admin/viewProduct/${enc(categoryId)}/${enc(id)}`,
  adminProductOption: (productId: string) => `/admin/product-option/${enc(productId)}`,
  adminProductOptionRow: (id: string) => `/admin/product-option-row/${enc(id)}`,
  adminProductDetail: (productId: string, id: string) => `/admin/product-detail/${enc(productId)}/${enc(id)}`,
  viewRestaurant: (id: string) => `/viewRestaurant/${enc(id)}`,
  productOption: (productId?: string) => (productId ? `/product-option/${enc(productId)}` : '/product-option'),
  productOptionRow: (id: string) => `/product-option-row/${enc(id)}`,
  /** The bottom navigation's spelling (spec 2.13); the route is /ProductStopList. */
  productStopList: () => '/productStopList',
  managerProductOptionRow: (productId: string) => `/ManagerProductOptionRow/${enc(productId)}`,
  productTable: (categoryId: string) => `/ProductTable/${enc(categoryId)}`,
  managerProductTable: (categoryId: string) => `/ManagerProductTable/${enc(categoryId)}`,
  getManagerRestaurant: () => '/getManagerRestaurant',
  productDetail: (productId: string, id: string) => `/product-detail/${enc(productId)}/${enc(id)}`,
  categoryList: () => '/categoryList',
  /** `restaurantId`: the manager's restaurant page's link, which makes that restaurant the working one. */
  managerCategoryList: (restaurantId?: string) =>
    restaurantId ? `/managerCategoryList?restaurant=${enc(restaurantId)}` : '/managerCategoryList',
  categoryModal: () => '/categoryModal',
  tables: (restaurantId?: string) => (restaurantId ? `/tables?restaurant=${enc(restaurantId)}` : '/tables'),
  adminTables: (restaurantId: string) => `/admin/tables/${enc(restaurantId)}`,
  orders: (restaurantId?: string) => (restaurantId ? `/orders?restaurant=${enc(restaurantId)}` : '/orders'),
  /** `slug` only leads the screen's back button to the restaurant view it came from. */
  adminOrders: (restaurantId: string, slug?: string) =>
    `/admin/orders/${enc(restaurantId)}${slug ? `?slug=${enc(slug)}` : ''}`,
  /** `restaurantId`: the restaurant card's link, which makes that restaurant the working one. */
  insights: (restaurantId?: string) => (restaurantId ? `/insights?restaurant=${enc(restaurantId)}` : '/insights'),
  adminInsights: () => '/admin/insights',
  adminRestaurantInsights: (restaurantId: string) => `/admin/insights/${enc(restaurantId)}`,
  kitchen: () => '/kitchen',
  /** The public menu, served by the server (not a panel route). */
  publicMenu: (slug: string) => `/menu?slug=${enc(slug)}`,
} as const;

/** Spec 2.13: the Kategoriyalar tab is highlighted on these path prefixes (compared case-insensitively). */
const CATEGORY_TAB_PREFIXES = [
  '/managerCategoryList',
  '/ManagerProductTable',
  '/ManagerProductOptionRow',
  '/product-detail',
  '/product-option',
  '/product-option-row',
];

/** `orders`: the fourth tab, there only while one of the manager's restaurants takes orders. */
export type BottomTab = 'home' | 'menu' | 'categories' | 'tables' | 'orders';

/** Which bottom-navigation tab a path highlights (null: none). */
export function bottomTabFor(pathname: string): BottomTab | null {
  const path = pathname.toLowerCase();
  if (CATEGORY_TAB_PREFIXES.some((prefix) => path.startsWith(prefix.toLowerCase()))) return 'categories';
  if (path.startsWith('/productstoplist')) return 'menu';
  if (path === '/orders' || path.startsWith('/orders/')) return 'orders';
  if (path === '/tables' || path.startsWith('/tables/')) return 'tables';
  const home = ['/admin', '/manager', '/getmanagerrestaurant', '/viewrestaurant'];
  if (home.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return 'home';
  return null;
}
