import { fromPromise } from 'xstate';
import { listOptions, type ProductOption } from '../../client/options';

/** GET /manager/product-option/product/{productId}: a product's options with their rows. */
export const loadOptionsActor = fromPromise<ProductOption[], { productId: string }>(({ input, signal }) =>
  listOptions(input.productId, { signal }),
);
