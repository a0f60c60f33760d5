import { uzbekOnlyActor } from '../shared/languages.actors';
import { adminCategoryListActors } from './categoryList.actors';
import { categoryListMachine } from './categoryList.machine';

/**
 * The admin's category list (spec 2.8, /admin/categoryList/{id}): the same list, read from GET /user/category, which
 * carries no translations: its forms stay Uzbek alone (issue 18).
 */
export const adminCategoryListMachine = categoryListMachine.provide({
  actors: { ...adminCategoryListActors, loadLanguages: uzbekOnlyActor },
});
