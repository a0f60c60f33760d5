import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { listOptions } from '../../client/options';
import { getProduct, listManagerProducts, type ProductWithOptions } from '../../client/products';
import { withTranslationsFrom } from '../shared/languages.actors';
import { withFiscalCodesFrom } from './fiscalCodes';

export interface LoadProductInput {
  id: string;
  categoryId: string;
}

/**
 * The admin's read: GET /user/products/{id} (spec 7), which is what the page shows, with the product's translations
 * and fiscal codes from GET /manager/products?category_id= of its own category (an admin may read any category's),
 * matched by id. Either failing is the load's failure.
 */
export const productDetailActors = {
  loadProduct: fromPromise<ProductWithOptions, LoadProductInput>(async ({ input, signal }) => {
    const product = await getProduct(input.id, { signal });
    const managed = await listManagerProducts(product.category_id, { signal });
    const [translated] = withFiscalCodesFrom(withTranslationsFrom([product], managed), managed);
    return translated ?? product;
  }),
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
