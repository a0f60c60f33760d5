import { adminCategoryListActors } from './categoryList.actors';
import { categoryListMachine } from './categoryList.machine';

/** The admin's category list (spec 2.8, /admin/categoryList/{id}): the same list, read from GET /user/category. */
export const adminCategoryListMachine = categoryListMachine.provide({ actors: adminCategoryListActors });
