import { fromPromise } from 'xstate';
import { myRestaurants } from '../../client/restaurants';
import { readRestaurantId } from '../../client/storage';
import type { MenuLanguage } from '../../client/types';
import { DEFAULT_LANGUAGES, normalLanguages } from './translations.rules';

export interface LanguagesInput {
  /** The restaurant whose menu languages are asked; null: the manager's working restaurant (stored at login). */
  restaurantId: string | null;
}

/**
 * Issue 18: the languages a restaurant's menu offers, for the list badges and the form tabs of a manager's screens:
 * GET /manager/restaurants/me (the manager's own restaurants, which carry `languages`). Without a restaurant (an
 * admin's session stores none) Uzbek alone, without a call: the admin's lists read the public calls, which carry no
 * translations to edit.
 */
export const restaurantLanguagesActor = fromPromise<MenuLanguage[], LanguagesInput>(async ({ input, signal }) => {
  const restaurantId = input.restaurantId ?? readRestaurantId();
  if (!restaurantId) return [...DEFAULT_LANGUAGES];
  const restaurant = (await myRestaurants({ signal })).find((r) => r._id === restaurantId);
  return normalLanguages(restaurant?.languages);
});

/** Uzbek alone, no call: the lists whose reads carry no translations (the admin's, from the public calls). */
export const uzbekOnlyActor = fromPromise<MenuLanguage[], LanguagesInput>(async () => [...DEFAULT_LANGUAGES]);
