import { fromPromise } from 'xstate';
import { createCategory, updateCategory } from '../../client/categories';
import { ApiError } from '../../client/client';
import { uzCatalog } from '../../lib/uz-catalog';
import type { SaveInput } from '../dialog/dialog.actors';
import { toCategoryChanges, toCategoryInput } from './categoryForm.rules';

/**
 * The category modal's calls. A new category belongs to the dialog's scope `restaurantId` (its input, or the
 * `dialog.scope` the list sends once its first load found the manager's restaurant); none known: the manager has
 * no restaurant.
 */
export const categoryDialogActors = {
  create: fromPromise<unknown, SaveInput>(({ input, signal }) => {
    const restaurantId = input.scope?.restaurantId;
    if (!restaurantId) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
    return createCategory(toCategoryInput(input.values, restaurantId), { signal });
  }),
  update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    updateCategory(input.item?._id ?? '', toCategoryChanges(input.values), { signal }),
  ),
};
