import { adminRestaurantLanguagesActor } from '../shared/languages.actors';
import { adminCategoryListActors } from './categoryList.actors';
import { categoryListMachine } from './categoryList.machine';

/**
 * The admin's category list (spec 2.8, /admin/categoryList/{id}): the same list, shown from GET /user/category with
 * the categories' translations from GET /manager/category merged in, and the restaurant's languages from GET
 * /admin/restaurants?id=: the same tabs and badges as the manager's.
 */
export const adminCategoryListMachine = categoryListMachine.provide({
  actors: { ...adminCategoryListActors, loadLanguages: adminRestaurantLanguagesActor },
});
