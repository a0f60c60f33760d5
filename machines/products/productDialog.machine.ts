import { fromPromise } from 'xstate';
import { type Category, listRestaurantCategories } from '../../client/categories';
import { createProduct, updateProduct } from '../../client/products';
import type { Role } from '../../client/types';
import { dialogMachine, type SaveInput } from '../dialog/dialog.machine';
import type { DialogItem } from '../dialog/dialog.types';
import { toProductChanges, toProductInput } from './productForm.rules';

export interface ProductDialogOptions {
  /** The categories the admin's select offers (none: the select is not shown). */
  categories: Category[];
}

export interface ProductDialogScope {
  role: Role;
  /** The admin's restaurant, when the screen knows it: its categories fill the category select. */
  restaurantId: string | null;
}

/** The product form (spec 2.9): the generic create/edit dialog with the product calls. */
export function productDialogMachine({ role, restaurantId }: ProductDialogScope) {
  return dialogMachine.provide({
    actors: {
      loadOptions: fromPromise<unknown, { item: DialogItem | null }>(
        async ({ signal }): Promise<ProductDialogOptions> => ({
          // Spec 6: a manager never sees the category field.
          categories:
            role === 'admin' && restaurantId
              ? (await listRestaurantCategories(restaurantId, { signal })).categories
              : [],
        }),
      ),
      create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
        createProduct(toProductInput(input.values), { signal }),
      ),
      update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
        updateProduct(input.item?._id ?? '', toProductChanges(input.values, role), { signal }),
      ),
    },
  });
}
