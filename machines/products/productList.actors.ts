import { fromPromise } from 'xstate';
import { deleteProduct, listCategoryProducts, saveProductOrder } from '../../src/api/products';
import type { SaveOrderInput } from '../ordering/ordering.machine';

export const productListActors = {
  /** GET /user/products/category/?category_id=: the products with counts (the owner and admins see all). */
  loadProducts: fromPromise(({ input, signal }: { input: { categoryId: string }; signal: AbortSignal }) =>
    listCategoryProducts(input.categoryId, { signal }),
  ),
  deleteProduct: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    deleteProduct(input.id, { signal }),
  ),
};

export const saveProductOrderActor = fromPromise<unknown, SaveOrderInput>(({ input, signal }) =>
  saveProductOrder(input.scopeId, input.ids, { signal }),
);
