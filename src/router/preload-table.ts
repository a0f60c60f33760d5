import type { ScreenName } from './screens';

/**
 * Which lazy screens a page address needs (its shell first), for the build's route preloader
 * (scripts/route-preload.ts): on a direct visit (a reload, a bookmark, the phone reopening the panel) the screen's
 * chunks are requested as soon as a tiny script has run, in the same round as the panel's entry, instead of after
 * the entry has run and react-router has matched the route (one more round trip on mobile data).
 *
 * Plain data with no imports that run, so the build can read it. The first matching pattern wins; matched without
 * case like react-router. tests/ui/route-preload.test.ts checks every lazy route of routes.tsx against this table.
 * An address that is not here preloads nothing (the login, /, /home: their screen depends on the role).
 */
export const preloadTable: ReadonlyArray<readonly [pattern: RegExp, screens: readonly ScreenName[]]> = [
  [/^\/admin\/restaurants\/?$/i, ['adminShell', 'restaurants']],
  [/^\/admin\/profile\/?$/i, ['adminShell', 'profile']],
  [/^\/admin\/viewRestaurant\/[^/]+\/[^/]+\/?$/i, ['adminShell', 'restaurantView']],
  [/^\/admin\/managers\/?$/i, ['adminShell', 'managers']],
  [/^\/admin\/categoryList\/[^/]+\/?$/i, ['adminShell', 'adminCategories']],
  [/^\/admin\/viewProduct\/[^/]+\/[^/]+\/?$/i, ['adminShell', 'adminProducts']],
  [/^\/admin\/product-detail\/[^/]+\/[^/]+\/?$/i, ['adminShell', 'productDetail']],
  [/^\/admin\/product-option\/[^/]+\/?$/i, ['adminShell', 'productOptions']],
  [/^\/admin\/product-option-row\/[^/]+\/?$/i, ['adminShell', 'productOptionRows']],
  [/^\/admin\/tables\/[^/]+\/?$/i, ['adminShell', 'adminTables']],
  [/^\/admin\/orders\/[^/]+\/?$/i, ['adminShell', 'adminOrders']],
  [/^\/admin\/insights\/?$/i, ['adminShell', 'insights']],
  [/^\/admin\/insights\/[^/]+\/?$/i, ['adminShell', 'insights']],
  // /admin (its index redirects to the restaurants) and an unknown admin page (the not-found page in the shell).
  [/^\/admin(\/.*)?$/i, ['adminShell']],
  [/^\/manager(\/.*)?$/i, ['managerShell', 'manager']],
  [/^\/getManagerRestaurant\/?$/i, ['managerShell', 'manager']],
  [/^\/ProductStopList\/?$/i, ['managerShell', 'stopList']],
  [/^\/managerCategoryList\/?$/i, ['managerShell', 'managerCategories']],
  [/^\/ManagerProductTable\/[^/]+\/?$/i, ['managerShell', 'managerProducts']],
  [/^\/ManagerProductOptionRow\/[^/]+\/?$/i, ['managerShell', 'productOptions']],
  [/^\/tables\/?$/i, ['managerShell', 'managerTables']],
  [/^\/orders\/?$/i, ['managerShell', 'managerOrders']],
  [/^\/insights\/?$/i, ['managerShell', 'insights']],
  [/^\/viewRestaurant\/[^/]+\/?$/i, ['roleShell', 'restaurantView']],
  [/^\/categoryList\/?$/i, ['roleShell', 'categoryList']],
  [/^\/categoryModal\/?$/i, ['roleShell', 'categoryModal']],
  [/^\/ProductTable\/[^/]+\/?$/i, ['roleShell', 'productTable']],
  [/^\/product-detail\/[^/]+\/[^/]+\/?$/i, ['roleShell', 'productDetail']],
  [/^\/product-option(\/[^/]+)?\/?$/i, ['roleShell', 'productOptions']],
  [/^\/product-option-row\/[^/]+\/?$/i, ['roleShell', 'productOptionRows']],
  [/^\/kitchen\/?$/i, ['kitchen']],
];

/** The screens the preloader starts for `pathname` (the first pattern that matches), none for any other address. */
export function screensToPreload(pathname: string): readonly ScreenName[] {
  return preloadTable.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
}

/**
 * The first GET calls a screen's machine makes, which the route preloader starts with the stored token in the same
 * round as the screen's chunks (client/prefetched.ts hands each answer to that call): on a direct visit the list
 * travels while the code downloads. Written as the client writes them (path, then the query in its order). Only small
 * answers: a large one (the stop-list's thousand products) shares the phone's bandwidth with the screen's code and
 * measured a later first paint, not an earlier one. tests/unit/prefetched-calls.test.ts runs the screen's machine
 * against these answers.
 */
export const prefetchTable: ReadonlyArray<readonly [pattern: RegExp, calls: readonly string[]]> = [
  [/^\/admin\/restaurants\/?$/i, ['/admin/restaurants?page=1&limit=10']],
];

/** The calls the preloader starts for `pathname` (the first pattern that matches), none for any other address. */
export function callsToPrefetch(pathname: string): readonly string[] {
  return prefetchTable.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
}
