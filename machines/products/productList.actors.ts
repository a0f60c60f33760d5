import { fromPromise } from 'xstate';
import { listManagerCategories, listRestaurantCategories } from '../../client/categories';
import {
  type CategoryProducts,
  deleteProduct,
  listCategoryProducts,
  listManagerProducts,
  type Product,
  saveProductPositions,
} from '../../client/products';
import type { Counts, Role } from '../../client/types';
import { savePositionsActor } from '../reorder/reorder.actors';
import { restaurantLanguagesActor, withTranslationsFrom } from '../shared/languages.actors';
import { withFiscalCodesFrom } from './fiscalCodes';

export interface LoadedProducts {
  products: Product[];
  count: Counts;
}

const countsOf = (products: Product[]): Counts => {
  const active = products.filter((p) => p.is_active).length;
  return { all_count: products.length, active_count: active, inactive_count: products.length - active };
};

export const productListActors = {
  /**
   * The admin's list: GET /user/products/category/?category_id= with its counts (spec 7), which is what the list
   * shows, with each product's translations and fiscal codes from GET /manager/products?category_id= (an admin may
   * read any category's), matched by id. Both are asked at once; either failing is the load's failure.
   */
  loadProducts: fromPromise<LoadedProducts, { categoryId: string }>(async ({ input, signal }) => {
    const [answer, managed]: [CategoryProducts, Product[]] = await Promise.all([
      listCategoryProducts(input.categoryId, { signal }),
      listManagerProducts(input.categoryId, { signal }),
    ]);
    return { ...answer, products: withFiscalCodesFrom(withTranslationsFrom(answer.products, managed), managed) };
  }),
};

/** DELETE /manager/products/{id}: the call of the list's confirm-delete cycle. */
export const deleteProductActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteProduct(input.id, { signal }),
);

/** PUT /manager/products/order: the product list's reorder child saves through it. */
export const saveProductPositionsActor = savePositionsActor(saveProductPositions);

/**
 * The manager's list: GET /manager/products?category_id=, which answers only the caller's own category (the public
 * read would show another restaurant's published menu). Its counters are counted here.
 */
export const managerProductListActors = {
  loadProducts: fromPromise<LoadedProducts, { categoryId: string }>(async ({ input, signal }) => {
    const products = await listManagerProducts(input.categoryId, { signal });
    return { products, count: countsOf(products) };
  }),
  /** The working restaurant's menu languages (the manager's products carry their translations). */
  loadLanguages: restaurantLanguagesActor,
};

export interface CategoryTitleInput {
  categoryId: string;
  role: Role;
  /** The admin's restaurant (in the URL); without it an admin's list has no title to read. */
  restaurantId: string | null;
}

/**
 * The product list names its category in the title: a manager's from GET /manager/category (their
 * own categories), an admin's from the restaurant's GET /user/category. Null when it cannot be known.
 */
export const categoryTitleActor = fromPromise<string | null, CategoryTitleInput>(async ({ input, signal }) => {
  const list =
    input.role === 'manager'
      ? await listManagerCategories(null, { signal })
      : input.restaurantId
        ? await listRestaurantCategories(input.restaurantId, { signal })
        : null;
  return list?.categories.find((category) => category._id === input.categoryId)?.title ?? null;
});
