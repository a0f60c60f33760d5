import type { Static } from 'typebox';
import { badRequest, HttpError } from '../../errors';
import { messages } from '../../messages';
import {
  createOrder,
  findOrderByKey,
  type KeyScope,
  type OrderRecord,
  productsForOrder,
  rowsForOrder,
  tableOrdersSeen,
} from '../../repositories/orders';
import type { CreateOrderBody } from '../../schemas/order-requests';
import type { DomainDeps } from '../deps';
import { lockedTable } from './diner-table';
import { type Closure, closure, type RestaurantHours, restaurantClock } from './opening-hours';
import { priceOrder } from './pricing';

/** Past this many orders of one table within the window, a new one waits for the staff's confirmation. */
export interface TableThreshold {
  perTable: number;
  windowSeconds: number;
}

export type PlacedOrder =
  | { kind: 'created' | 'replayed'; order: OrderRecord }
  | { kind: 'unavailable'; productIds: string[] }
  /** The restaurant is closed by its working hours: every dish of the order is named, nothing is created. */
  | { kind: 'closed'; productIds: string[]; closure: Closure };

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

/** What a diner's order names: the restaurant (already found by its slug), the table's token, the device and key. */
export interface OrderRequest {
  restaurantId: string;
  /** The restaurant's time zone and working hours, as found with it. */
  hours: RestaurantHours;
  tableToken: string;
  /** The diner's X-Device-Id, '' when none was sent. */
  deviceId: string;
  idempotencyKey: string;
  /** sha256 of the canonical body: the same key with another body is refused (422). */
  hash: string;
  body: Static<typeof CreateOrderBody>;
}

/**
 * Places a diner's order in one transaction: the table read and locked (404 when unknown or inactive), then the order
 * this Idempotency-Key already made from this table and device answered again (a double tap, a retry after a lost
 * answer) before the restaurant's working hours are asked (closed: `closed`, nothing created) and `admit` counts the
 * request against the diner's limits (it throws their 429); prices from the database only (pricing.ts), at the
 * restaurant's wall clock; a product that cannot be ordered now makes it `unavailable` (nothing created); past the
 * table's threshold it is flagged to wait for the staff rather than refused (a refusal would lock the real diner out).
 * The order queues its Telegram message, its sending to the till (an integration restaurant) and its staff event in
 * the same transaction; the senders are woken after the commit when there is something to send.
 */
export async function placeOrder(
  deps: DomainDeps,
  input: OrderRequest,
  threshold: TableThreshold,
  admit: () => void,
): Promise<PlacedOrder> {
  const { hash } = input;
  const { items, comment } = input.body;
  const productIds = [...new Set(items.map((item) => item.product_id))];
  // One instant for the whole order: the restaurant's hours and every dish's schedule are read at the same minute.
  const clock = restaurantClock(input.hours);
  let scope: KeyScope | undefined;
  try {
    return await deps.work(async (w) => {
      const table = await lockedTable(w.tx, input.restaurantId, input.tableToken);
      scope = {
        restaurant_id: input.restaurantId,
        table_id: table._id,
        device_id: input.deviceId,
        key: input.idempotencyKey,
      };
      // Read after the table's lock, in one statement: the key's order (read whole only when there is one) and the
      // table's recent orders, as the previous order of this table committed them.
      const seen = await tableOrdersSeen(w.tx, scope, threshold.windowSeconds);
      const replay = seen.keyUsed ? await findOrderByKey(w.tx, scope) : undefined;
      if (replay) return { kind: 'replayed' as const, order: replayOf(replay, hash) };
      const closed = closure(input.hours, clock);
      if (closed) return { kind: 'closed' as const, productIds, closure: closed };
      admit();

      const rowIds = [...new Set(items.flatMap((item) => item.row_ids ?? []))];
      const [products, rows] = await Promise.all([
        productsForOrder(w.tx, input.restaurantId, productIds),
        rowsForOrder(w.tx, rowIds),
      ]);
      const priced = priceOrder(items, products, rows, clock);
      if (priced.kind === 'unavailable') throw new Unavailable(priced.productIds);
      if (priced.kind === 'invalid') throw badRequest(priced.message);
      const created = await createOrder(w.tx, {
        restaurant_id: input.restaurantId,
        table: { _id: table._id, name: table.name },
        items: priced.lines,
        total: priced.total,
        comment: comment ?? '',
        idempotency_key: input.idempotencyKey,
        device_id: input.deviceId,
        request_hash: hash,
        needs_confirmation: seen.recent >= threshold.perTable,
      });
      if (!created) throw new KeyTaken();
      if (created.telegramQueued || created.posQueued || created.ticketsQueued) w.outboxWritten();
      return { kind: 'created' as const, order: created.order };
    });
  } catch (error) {
    if (error instanceof Unavailable) return { kind: 'unavailable', productIds: error.productIds };
    if (error instanceof KeyTaken && scope) {
      const winner = await findOrderByKey(deps.db, scope);
      if (winner) return { kind: 'replayed', order: replayOf(winner, hash) };
    }
    throw error;
  }
}
