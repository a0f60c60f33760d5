import { fromPromise } from 'xstate';
import { listOptions, type ProductOption } from '../../client/options';
import { getProduct, listManagerProducts } from '../../client/products';
import type { Role } from '../../client/types';

/** GET /manager/product-option/product/{productId}: a product's options with their rows. */
export const loadOptionsActor = fromPromise<ProductOption[], { productId: string }>(({ input, signal }) =>
  listOptions(input.productId, { signal }),
);

/**
 * The options page names its product in the title: a manager's from their own products (GET
 * /manager/products: another manager's product is not among them, so its name never shows), an admin's from GET
 * /user/products/{id}. Null when it is not found.
 */
export const productNameActor = fromPromise<string | null, { productId: string; role: Role }>(
  async ({ input, signal }) => {
    if (input.role === 'admin') return (await getProduct(input.productId, { signal })).name;
    const products = await listManagerProducts(undefined, { signal });
    return products.find((product) => product._id === input.productId)?.name ?? null;
  },
);
