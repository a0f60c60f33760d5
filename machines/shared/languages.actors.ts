import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/myRestaurants';
import { findRestaurant } from '../../client/restaurants';
import { readRestaurantId } from '../../client/storage';
import type { MenuLanguage } from '../../client/types';
import { DEFAULT_LANGUAGES, normalLanguages } from './translations.rules';

export interface LanguagesInput {
  /** The restaurant whose menu languages are asked; null: the manager's working restaurant (stored at login). */
  restaurantId: string | null;
}

/**
 * The languages a restaurant's menu offers, for the list badges and the form tabs of a manager's screens:
 * GET /manager/restaurants/me (the manager's own restaurants, which carry `languages`). Without a restaurant (an
 * admin's session stores none) Uzbek alone, without a call: the admin's lists name their restaurant and read its
 * languages with adminRestaurantLanguagesActor.
 */
export const restaurantLanguagesActor = fromPromise<MenuLanguage[], LanguagesInput>(async ({ input, signal }) => {
  const restaurantId = input.restaurantId ?? readRestaurantId();
  if (!restaurantId) return [...DEFAULT_LANGUAGES];
  const restaurant = (await myRestaurants({ signal })).find((r) => r._id === restaurantId);
  return normalLanguages(restaurant?.languages);
});

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
