import { eq } from 'drizzle-orm';
import type { Executor } from './db/client';
import { categories, optionRows, productOptions, products, restaurants } from './db/schema';
import { notFound } from './errors';
import type { Viewer } from './plugins/auth';

/**
 * Ownership rules in one place. A manager reaches only restaurants whose manager_id is theirs (and what hangs
 * below them); an admin reaches everything. Anything else answers 404, never revealing another tenant's data.
 */

export type Restaurant = typeof restaurants.$inferSelect;

export function ownsRestaurant(viewer: Viewer | null, restaurant: { manager_id: string | null }): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || restaurant.manager_id === viewer._id;
}

/** Public reads: anonymous callers (and other managers) see active restaurants only. */
export function canSeeRestaurant(viewer: Viewer | null, restaurant: { manager_id: string | null; is_active: boolean }) {
  return restaurant.is_active || ownsRestaurant(viewer, restaurant);
}

export const RESTAURANT_NOT_FOUND = 'Restoran topilmadi.';
export const CATEGORY_NOT_FOUND = 'Kategoriya topilmadi.';
export const PRODUCT_NOT_FOUND = 'Mahsulot topilmadi.';
export const OPTION_NOT_FOUND = 'Opsiya topilmadi.';
export const ROW_NOT_FOUND = 'Qator topilmadi.';

export async function restaurantForWrite(db: Executor, viewer: Viewer, restaurantId: string): Promise<Restaurant> {
  const [row] = await db.select().from(restaurants).where(eq(restaurants._id, restaurantId)).limit(1);
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(RESTAURANT_NOT_FOUND);
  return row;
}

const owner = { restaurant_id: restaurants._id, manager_id: restaurants.manager_id };

export async function categoryForWrite(db: Executor, viewer: Viewer, categoryId: string) {
  const [row] = await db
    .select({ category: categories, ...owner })
    .from(categories)
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(categories._id, categoryId))
    .limit(1);
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

export async function productForWrite(db: Executor, viewer: Viewer, productId: string) {
  const [row] = await db
    .select({ product: products, ...owner })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(products._id, productId))
    .limit(1);
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

export async function optionForWrite(db: Executor, viewer: Viewer, optionId: string) {
  const [row] = await db
    .select({ option: productOptions, ...owner })
    .from(productOptions)
    .innerJoin(products, eq(products._id, productOptions.product_id))
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(productOptions._id, optionId))
    .limit(1);
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(OPTION_NOT_FOUND);
  return row;
}

export async function rowForWrite(db: Executor, viewer: Viewer, rowId: string) {
  const [row] = await db
    .select({ row: optionRows, ...owner })
    .from(optionRows)
    .innerJoin(productOptions, eq(productOptions._id, optionRows.product_option_id))
    .innerJoin(products, eq(products._id, productOptions.product_id))
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(optionRows._id, rowId))
    .limit(1);
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(ROW_NOT_FOUND);
  return row;
}
