import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { messages } from '../../messages';
import type { findOrderingRestaurant } from '../../repositories/orders';
import { findTableForOrder } from '../../repositories/tables';

/**
 * The restaurant a diner's write names (as found by its slug, `find`): unknown or inactive 404 (as the menu), ordering
 * off 403.
 */
export async function orderingRestaurant(
  find: (slug: string) => ReturnType<typeof findOrderingRestaurant>,
  slug: string,
) {
  const restaurant = await find(slug);
  if (!restaurant?.is_active) throw notFound(messages.restaurantNotFound);
  if (!restaurant.ordering_enabled) throw forbidden(messages.orderingDisabled);
  return restaurant;
}

/** The table whose token the diner sent: active, of this restaurant, else 404 (a table id or an old token too). */
export async function activeTable(db: Executor, restaurantId: string, token: string) {
  const table = await findTableForOrder(db, restaurantId, token);
  if (!table?.is_active) throw notFound(messages.tableNotFoundScanAgain);
  return table;
}

/**
 * The active table, read and locked in one statement for the rest of the transaction: a table's orders and calls are
 * checked and written one at a time (its limits and its Idempotency-Keys hold under concurrent taps).
 */
export async function lockedTable(tx: Executor, restaurantId: string, token: string) {
  const table = await findTableForOrder(tx, restaurantId, token, { lock: true });
  if (!table?.is_active) throw notFound(messages.tableNotFoundScanAgain);
  return table;
}
