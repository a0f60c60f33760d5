import { fromPromise } from 'xstate';
import { createCategory, updateCategory } from '../../client/categories';
import { ApiError } from '../../client/client';
import { uz } from '../../lib/uz';
import { dialogMachine, type SaveInput } from '../dialog/dialog.machine';
import { toCategoryChanges, toCategoryInput } from './categoryForm.rules';

/**
 * The category modal (spec 2.8): the generic create/edit dialog with the category calls. A new category belongs to
 * the list's restaurant, which a manager's list may only learn from its first load: the dialog asks for it when
 * it saves.
 */
export function categoryDialogMachine(restaurantId: () => string | null) {
  return dialogMachine.provide({
    actors: {
      create: fromPromise<unknown, SaveInput>(({ input, signal }) => {
        const id = restaurantId();
        if (!id) throw new ApiError(404, uz.noRestaurantOfManager);
        return createCategory(toCategoryInput(input.values, id), { signal });
      }),
      update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
        updateCategory(input.item?._id ?? '', toCategoryChanges(input.values), { signal }),
      ),
    },
  });
}
