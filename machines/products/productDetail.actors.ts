import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { listOptions } from '../../client/options';
import { getProduct, listManagerProducts, type ProductWithOptions } from '../../client/products';

export interface LoadProductInput {
  id: string;
  categoryId: string;
}

/** The admin's read: GET /user/products/{id} (spec 7). */
export const productDetailActors = {
  loadProduct: fromPromise<ProductWithOptions, LoadProductInput>(({ input, signal }) =>
    getProduct(input.id, { signal }),
  ),
};

/**
 * The manager's read: their category's products (GET /manager/products?category_id=) and the product's options
 * (GET /manager/product-option/product/{id}), both refused for another manager's menu, unlike the public read.
 */
export const managerProductDetailActors = {
  loadProduct: fromPromise<ProductWithOptions, LoadProductInput>(async ({ input, signal }) => {
    const [products, options] = await Promise.all([
      listManagerProducts(input.categoryId, { signal }),
      listOptions(input.id, { signal }),
    ]);
    const product = products.find((p) => p._id === input.id);
    if (!product) throw new ApiError(404, 'Mahsulot topilmadi.');
    return { ...product, options, rows: options.flatMap((option) => option.rows) };
  }),
};
