import { fromPromise } from 'xstate';
import { type Category, listRestaurantCategories } from '../../client/categories';
import { createProduct, updateProduct } from '../../client/products';
import type { Role } from '../../client/types';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';
import type { DialogScope } from '../dialog/dialog.types';
import { toProductChanges, toProductInput } from './productForm.rules';

export interface ProductDialogOptions {
  /** The categories the admin's select offers (none: the select is not shown). */
  categories: Category[];
}

/** The product dialog's scope: the caller's role and, for the admin, the restaurant whose categories the select offers. */
export const productDialogScope = (role: Role, restaurantId: string | null): DialogScope => ({
  role,
  restaurantId,
});

const roleOf = (scope: DialogScope | undefined): Role => (scope?.role === 'admin' ? 'admin' : 'manager');

export const productDialogActors = {
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async ({ input, signal }): Promise<ProductDialogOptions> => {
    const restaurantId = input.scope?.restaurantId;
    // Spec 6: a manager never sees the category field.
    return {
      categories:
        roleOf(input.scope) === 'admin' && restaurantId
          ? (await listRestaurantCategories(restaurantId, { signal })).categories
          : [],
    };
  }),
  create: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    createProduct(toProductInput(input.values), { signal }),
  ),
  update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    updateProduct(input.item?._id ?? '', toProductChanges(input.values, roleOf(input.scope)), { signal }),
  ),
};
