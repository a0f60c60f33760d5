import { fromPromise } from 'xstate';
import { listOptions } from '../../client/options';
import { listManagerProducts } from '../../client/products';

/**
 * The counts a delete question names, for the confirm-delete child's `describe`: what the delete
 * takes with it. Both read through the ownership-checked calls the screens themselves use (an admin may read them).
 */

/** A category's products, inactive ones included (they are deleted too). */
export const countCategoryProductsActor = fromPromise<number | null, { id: string }>(
  async ({ input, signal }) => (await listManagerProducts(input.id, { signal })).length,
);

/** A product's options (their rows go with them). */
export const countProductOptionsActor = fromPromise<number | null, { id: string }>(
  async ({ input, signal }) => (await listOptions(input.id, { signal })).length,
);
