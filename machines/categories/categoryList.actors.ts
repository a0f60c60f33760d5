import { fromPromise } from 'xstate';
import {
  type CategoryList,
  deleteCategory,
  listManagerCategories,
  listRestaurantCategories,
  saveCategoryOrder,
} from '../../client/categories';
import { findRestaurant, myRestaurants } from '../../client/restaurants';
import { saveOrderActor } from '../ordering/ordering.actors';

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

/** The admin's list: GET /user/category?restaurant_id= (spec 6: admin categories come from the public call). */
const loadRestaurantCategories = fromPromise<LoadedCategories, LoadCategoriesInput>(async ({ input, signal }) => ({
  restaurantId: input.restaurantId,
  ...(await listRestaurantCategories(input.restaurantId ?? '', { signal })),
}));

export const categoryListActors = { loadCategories: loadManagerCategories };

/** DELETE /manager/category/{id}: the call of the list's confirm-delete cycle. */
export const deleteCategoryActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteCategory(input.id, { signal }),
);

export const adminCategoryListActors = { loadCategories: loadRestaurantCategories };

/** PUT /manager/category/order: the category list's ordering child saves through it. */
export const saveCategoryOrderActor = saveOrderActor(saveCategoryOrder);

/**
 * The admin's category list names its restaurant in the title (issue 12 #12): GET /admin/restaurants?id=, the one
 * read of a restaurant by id an admin has. Null when there is none.
 */
export const restaurantNameActor = fromPromise<string | null, { restaurantId: string }>(async ({ input, signal }) => {
  const restaurant = await findRestaurant(input.restaurantId, { signal });
  return restaurant?.name ?? null;
});
