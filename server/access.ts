import type { Executor } from './db/client';
import { notFound } from './errors';
import { messages } from './messages';
import { findCategoryWithOwner } from './repositories/categories';
import { findOptionWithOwner, findRowWithOwner } from './repositories/options';
import { findProductWithOwner } from './repositories/products';
import { findRestaurantRecord, type RestaurantRecord } from './repositories/restaurants';
import { ownsRestaurant, type Viewer } from './viewer';

/**
 * What a write may touch: the row it names, loaded with its owner, when the viewer owns it (`ownsRestaurant` in
 * viewer.ts: a manager their restaurants and what hangs below them, an admin everything). Anything else answers 404,
 * never revealing another tenant's data.
 */

export type Restaurant = RestaurantRecord;

/** The row when the viewer owns it; an unknown id and another tenant's alike answer 404 with `message`. */
function owned<T extends { manager_id: string | null }>(viewer: Viewer, row: T | undefined, message: string): T {
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(message);
  return row;
}

export async function restaurantForWrite(db: Executor, viewer: Viewer, restaurantId: string): Promise<Restaurant> {
  return owned(viewer, await findRestaurantRecord(db, restaurantId), messages.restaurantNotFound);
}

export async function categoryForWrite(db: Executor, viewer: Viewer, categoryId: string) {
  return owned(viewer, await findCategoryWithOwner(db, categoryId), messages.categoryNotFound);
}

export async function productForWrite(db: Executor, viewer: Viewer, productId: string) {
  return owned(viewer, await findProductWithOwner(db, productId), messages.productNotFound);
}

export async function optionForWrite(db: Executor, viewer: Viewer, optionId: string) {
  return owned(viewer, await findOptionWithOwner(db, optionId), messages.optionNotFound);
}

export async function rowForWrite(db: Executor, viewer: Viewer, rowId: string) {
  return owned(viewer, await findRowWithOwner(db, rowId), messages.rowNotFound);
}
