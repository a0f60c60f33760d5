import type { Static } from 'typebox';
import { badRequest, HttpError } from '../../errors';
import { messages } from '../../messages';
import {
  createOrder,
  findOrderByKey,
  type KeyScope,
  type OrderRecord,
  productsForOrder,
  recentTableOrders,
  rowsForOrder,
} from '../../repositories/orders';
import type { CreateOrderBody } from '../../schemas/order-requests';
import type { DomainDeps } from '../deps';
import { lockedTable } from './diner-table';
import { priceOrder } from './pricing';

/** Past this many orders of one table within the window, a new one waits for the staff's confirmation. */
export interface TableThreshold {
  perTable: number;
  windowSeconds: number;
}

export type PlacedOrder =
  | { kind: 'created' | 'replayed'; order: OrderRecord }
  | { kind: 'unavailable'; productIds: string[] };

/** Thrown inside the order's transaction to roll it back; answered as an outcome after it. */
class Unavailable extends Error {
  constructor(readonly productIds: string[]) {
    super('unavailable');
  }
}
/** Another request with the same Idempotency-Key won while this one ran: roll back and answer the winner. */
class KeyTaken extends Error {}

/** An order an Idempotency-Key already made: the same body is a replay, another body a reused key (422). */
function replayOf(order: OrderRecord, hash: string): OrderRecord {
  // Orders made before bodies were hashed have none to compare: they answer as before.
  if (order.request_hash !== null && order.request_hash !== hash)
    throw new HttpError(422, messages.idempotencyKeyReused);
  return order;
}

/**
 * The order this key already made from this table and device (a double tap, a retry after a lost answer), read before
 * any limit counts the request; undefined when it is a new order.
 */
export async function earlierOrder(deps: DomainDeps, scope: KeyScope, hash: string) {
  const earlier = await findOrderByKey(deps.db, scope);
  return earlier && replayOf(earlier, hash);
}

/**
 * Places a diner's order: with the table locked, prices from the database only (pricing.ts), a product that
 * cannot be ordered makes it `unavailable` (nothing created), and past the table's threshold it is flagged to wait for
 * the staff rather than refused (a refusal would lock the real diner out). The order queues its Telegram message and
 * its staff event in the same transaction; the sender is woken after the commit.
 */
export async function placeOrder(
  deps: DomainDeps,
  input: { tableToken: string; scope: KeyScope; hash: string; body: Static<typeof CreateOrderBody> },
  threshold: TableThreshold,
): Promise<PlacedOrder> {
  const { scope, hash } = input;
  const { items, comment } = input.body;
  try {
    return await deps.work(async (w) => {
      const table = await lockedTable(w.tx, scope.restaurant_id, input.tableToken);
      // The same key may have been committed while this request waited for the table.
      const replay = await findOrderByKey(w.tx, scope);
      if (replay) return { kind: 'replayed' as const, order: replayOf(replay, hash) };
      const recent = await recentTableOrders(w.tx, scope.restaurant_id, table._id, threshold.windowSeconds);

      const productIds = [...new Set(items.map((item) => item.product_id))];
      const rowIds = [...new Set(items.flatMap((item) => item.row_ids ?? []))];
      const [products, rows] = await Promise.all([
        productsForOrder(w.tx, scope.restaurant_id, productIds),
        rowsForOrder(w.tx, rowIds),
      ]);
      const priced = priceOrder(items, products, rows);
      if (priced.kind === 'unavailable') throw new Unavailable(priced.productIds);
      if (priced.kind === 'invalid') throw badRequest(priced.message);
      const order = await createOrder(w.tx, {
        restaurant_id: scope.restaurant_id,
        table: { _id: table._id, name: table.name },
        items: priced.lines,
        total: priced.total,
        comment: comment ?? '',
        idempotency_key: scope.key,
        device_id: scope.device_id,
        request_hash: hash,
        needs_confirmation: recent.count >= threshold.perTable,
      });
      if (!order) throw new KeyTaken();
      w.outboxWritten();
      return { kind: 'created' as const, order };
    });
  } catch (error) {
    if (error instanceof Unavailable) return { kind: 'unavailable', productIds: error.productIds };
    if (error instanceof KeyTaken) {
      const winner = await findOrderByKey(deps.db, scope);
      if (winner) return { kind: 'replayed', order: replayOf(winner, hash) };
    }
    throw error;
  }
}
