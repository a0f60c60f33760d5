import { fromPromise } from 'xstate';
import {
  type CategoryList,
  deleteCategory,
  listManagerCategories,
  listRestaurantCategories,
  saveCategoryPositions,
} from '../../client/categories';
import { myRestaurants } from '../../client/myRestaurants';
import { findRestaurant } from '../../client/restaurants';
import { savePositionsActor } from '../reorder/reorder.actors';
import { withTranslationsFrom } from '../shared/languages.actors';

export interface LoadCategoriesInput {
  /** The restaurant whose categories are shown; a manager's may still be unknown (then their first one). */
  restaurantId: string | null;
}

export interface LoadedCategories extends CategoryList {
  restaurantId: string | null;
}

/** The manager's list: GET /manager/category?restaurant_id= (spec 6: managers' categories from their own call). */
const loadManagerCategories = fromPromise<LoadedCategories, LoadCategoriesInput>(async ({ input, signal }) => {
  // restaurantId is stored at login; a list opened before that finished asks for the manager's first restaurant.
  const restaurantId = input.restaurantId ?? (await myRestaurants({ signal }))[0]?._id ?? null;
  if (!restaurantId)
    return { restaurantId: null, categories: [], count: { all_count: 0, active_count: 0, inactive_count: 0 } };
  return { restaurantId, ...(await listManagerCategories(restaurantId, { signal })) };
});

/**
 * The admin's list: GET /user/category?restaurant_id= (spec 6: admin categories come from the public call), which is
 * what the list shows, with each category's translations from GET /manager/category?restaurant_id= (an
 * admin may read any restaurant's), matched by id. Both are asked at once; either failing is the load's failure.
 */
const loadRestaurantCategories = fromPromise<LoadedCategories, LoadCategoriesInput>(async ({ input, signal }) => {
  const restaurantId = input.restaurantId;
  const [shown, managed] = await Promise.all([
    listRestaurantCategories(restaurantId ?? '', { signal }),
    // Without a restaurant the manager read is a 400 for an admin; the public one answers an empty list.
    restaurantId ? listManagerCategories(restaurantId, { signal }) : null,
  ]);
  // The public read has no kitchen station: the manager read's, matched by id, so the dialog shows the saved one.
  const stationOf = new Map(
    (managed?.categories ?? []).map((category) => [
      category._id,
      (category as { station_id?: string | null }).station_id,
    ]),
  );
  return {
    restaurantId,
    ...shown,
    categories: withTranslationsFrom(shown.categories, managed?.categories ?? []).map((category) =>
      stationOf.has(category._id) ? { ...category, station_id: stationOf.get(category._id) } : category,
    ),
  };
});

export const categoryListActors = { loadCategories: loadManagerCategories };

/** DELETE /manager/category/{id}: the call of the list's confirm-delete cycle. */
export const deleteCategoryActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteCategory(input.id, { signal }),
);

export const adminCategoryListActors = { loadCategories: loadRestaurantCategories };

/** PUT /manager/category/order: the category list's reorder child saves through it. */
export const saveCategoryPositionsActor = savePositionsActor(saveCategoryPositions);

/**
 * The admin's category list names its restaurant in the title: GET /admin/restaurants?id=, the one
 * read of a restaurant by id an admin has. Null when there is none.
 */
export const restaurantNameActor = fromPromise<string | null, { restaurantId: string }>(async ({ input, signal }) => {
  const restaurant = await findRestaurant(input.restaurantId, { signal });
  return restaurant?.name ?? null;
});
