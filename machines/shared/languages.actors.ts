import { fromPromise } from 'xstate';
import { listManagerCategories } from '../../client/categories';
import { myRestaurants } from '../../client/myRestaurants';
import { getProduct } from '../../client/products';
import { findRestaurant } from '../../client/restaurants';
import { readRestaurantId } from '../../client/storage';
import type { MenuLanguage } from '../../client/types';
import { DEFAULT_LANGUAGES, normalLanguages } from './translations.rules';

export interface LanguagesInput {
  /** The restaurant whose menu languages are asked; null: the manager's working restaurant (stored at login). */
  restaurantId: string | null;
  /** Without a restaurant: the product whose restaurant's languages are asked (a manager's options screen). */
  productId?: string;
}

/**
 * The languages a restaurant's menu offers, for the list badges and the form tabs of a manager's screens:
 * GET /manager/restaurants/me (the manager's own restaurants, which carry `languages`). Without a restaurant (an
 * admin's session stores none) Uzbek alone, without a call: the admin's lists name their restaurant and read its
 * languages with adminRestaurantLanguagesActor.
 */
export const restaurantLanguagesActor = fromPromise<MenuLanguage[], LanguagesInput>(async ({ input, signal }) => {
  if (!input.restaurantId && input.productId) return productRestaurantLanguages(input.productId, signal);
  const restaurantId = input.restaurantId ?? readRestaurantId();
  if (!restaurantId) return [...DEFAULT_LANGUAGES];
  const restaurant = (await myRestaurants({ signal })).find((r) => r._id === restaurantId);
  return normalLanguages(restaurant?.languages);
});

/**
 * A manager's options screen: the languages of the restaurant the product belongs to, which is not always the working
 * one (a link to a product of another of the manager's restaurants, or the working restaurant switched on another
 * device). The product names its category and the manager's categories name their restaurant: three reads at once
 * (GET /user/products/{id}, GET /manager/category, GET /manager/restaurants/me). A product none of them places is in
 * Uzbek alone.
 */
async function productRestaurantLanguages(productId: string, signal: AbortSignal): Promise<MenuLanguage[]> {
  const [product, { categories }, restaurants] = await Promise.all([
    getProduct(productId, { signal }),
    listManagerCategories(null, { signal }),
    myRestaurants({ signal }),
  ]);
  const restaurantId = categories.find((category) => category._id === product.category_id)?.restaurant_id;
  const restaurant = restaurants.find((r) => r._id === restaurantId);
  return restaurant ? normalLanguages(restaurant.languages) : [...DEFAULT_LANGUAGES];
}

/**
 * The admin's lists: the named restaurant's languages from GET /admin/restaurants?id= (an admin's one read of
 * a restaurant by id, which carries `languages`). Without a restaurant (a route that names none) or when there is no
 * such restaurant: Uzbek alone, without a call.
 */
export const adminRestaurantLanguagesActor = fromPromise<MenuLanguage[], LanguagesInput>(async ({ input, signal }) => {
  if (!input.restaurantId) return [...DEFAULT_LANGUAGES];
  const restaurant = await findRestaurant(input.restaurantId, { signal });
  return normalLanguages(restaurant?.languages);
});

/**
 * The admin's lists: the items of a spec read (the public calls, which carry no translations) with each
 * one's `translations` from the manager read of the same items, matched by id. What is shown stays the spec read's;
 * an item the other read does not have keeps no translations.
 */
export function withTranslationsFrom<T extends { _id: string }>(
  items: readonly T[],
  translated: ReadonlyArray<{ _id: string; translations?: unknown }>,
): T[] {
  const byId = new Map(translated.map((item) => [item._id, item.translations]));
  return items.map((item) => {
    const translations = byId.get(item._id);
    return translations === undefined ? item : { ...item, translations };
  });
}
