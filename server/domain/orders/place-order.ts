import type { Static } from 'typebox';
import { badRequest, HttpError, notFound } from '../../errors';
import { messages } from '../../messages';
import { type DinerOrderRecord, findOrderByKey, type KeyScope, type OrderRecord } from '../../repositories/orders';
import { isTableToken } from '../../repositories/tables';
import type { CreateOrderBody } from '../../schemas/order-requests';
import type { DomainDeps } from '../deps';
import { type Closure, closure, type RestaurantHours, restaurantClock } from './opening-hours';
import type { OrderStatements } from './order-statements';
import { priceOrder } from './pricing';

/** Past this many orders of one table within the window, a new one waits for the staff's confirmation. */
export interface TableThreshold {
  perTable: number;
  windowSeconds: number;
}

export type PlacedOrder =
  | { kind: 'created' | 'replayed'; order: DinerOrderRecord }
  | { kind: 'unavailable'; productIds: string[] }
  /** The restaurant is closed by its working hours: every dish of the order is named, nothing is created. */
  | { kind: 'closed'; productIds: string[]; closure: Closure };

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
 * Places a diner's order. Read first: the table by its token (404 when unknown or inactive), whether this
 * Idempotency-Key already made an order from this table and device, and the dishes and option rows it names, in one
 * statement, or nothing at all when the table and the dishes are remembered (ordering-reads.ts; the key is then
 * looked for only where the order is not written). An order the key made is answered again (a double tap, a retry
 * after a lost answer) before the restaurant's working hours are asked (closed: `closed`, nothing created) and `admit`
 * counts the request against the diner's limits (it throws their 429); then the order is priced from what the
 * database said only (pricing.ts) at the restaurant's wall clock, a product that cannot be ordered now making it
 * `unavailable` (nothing created). The order is then one statement with its commit (repositories/order-placing.ts
 * `createOrders`; the orders placed at the same moment share their read and their write: order-statements.ts): the
 * table's turn (its lock, the key and the table's orders of the window read after it: past the threshold the order
 * waits for the staff rather than being refused, since a refusal would lock the real diner out), the number, the row,
 * its Telegram message, its sending to the till, its kitchen tickets and its staff event: at most two statements in
 * all, the table's lock and the counter's lasting one statement. A key that made an order meanwhile (or before, when
 * it was not looked for) answers that order; a table gone meanwhile is the 404.
 */
export async function placeOrder(
  deps: DomainDeps & { orderStatements: OrderStatements },
  input: OrderRequest,
  threshold: TableThreshold,
  admit: () => void,
): Promise<PlacedOrder> {
  const { hash } = input;
  const { items, comment } = input.body;
  const productIds = [...new Set(items.map((item) => item.product_id))];
  // One instant for the whole order: the restaurant's hours and every dish's schedule are read at the same minute.
  const clock = restaurantClock(input.hours);
  const rowIds = [...new Set(items.flatMap((item) => item.row_ids ?? []))];
  // A token the schema's default never makes (a table's id, a guess) is no table: no read.
  const read = isTableToken(input.tableToken)
    ? await deps.orderStatements.read({
        restaurantId: input.restaurantId,
        token: input.tableToken,
        deviceId: input.deviceId,
        key: input.idempotencyKey,
        productIds,
        rowIds,
      })
    : undefined;
  const table = read?.table;
  if (!read || !table?.is_active) throw notFound(messages.tableNotFoundScanAgain);
  const scope: KeyScope = {
    restaurant_id: input.restaurantId,
    table_id: table._id,
    device_id: input.deviceId,
    key: input.idempotencyKey,
  };
  /** The order this key already made here, answered again (a key the read found unused made none). */
  const earlier = async (): Promise<PlacedOrder | undefined> => {
    if (table.keyUsed === false) return undefined;
    const found = await findOrderByKey(deps.db, scope);
    return found ? { kind: 'replayed', order: replayOf(found, hash) } : undefined;
  };
  // Read with the table, a used key is answered at once. Not looked for (nothing was read), it is looked for only
  // where this order would not be written, so that a replay is answered whatever changed since the order was made (the
  // restaurant closed, a dish stopped, the device at its limit); the write itself finds a used key.
  const replay = table.keyUsed ? await earlier() : undefined;
  if (replay) return replay;
  const closed = closure(input.hours, clock);
  if (closed) return (await earlier()) ?? { kind: 'closed', productIds, closure: closed };
  try {
    admit();
  } catch (refused) {
    const replayed = table.keyUsed === null ? await earlier() : undefined;
    if (replayed) return replayed;
    throw refused;
  }

  const { products, rows } = read;
  const priced = priceOrder(items, products, rows, clock);
  if (priced.kind !== 'priced') {
    const replayed = table.keyUsed === null ? await earlier() : undefined;
    if (replayed) return replayed;
    if (priced.kind === 'unavailable') return { kind: 'unavailable', productIds: priced.productIds };
    throw badRequest(priced.message);
  }
  const placed = await deps.orderStatements.write({
    restaurant_id: input.restaurantId,
    table: { _id: table._id, name: table.name, token: input.tableToken },
    items: priced.lines,
    total: priced.total,
    comment: comment ?? '',
    idempotency_key: input.idempotencyKey,
    device_id: input.deviceId,
    request_hash: hash,
    threshold,
  });
  if (placed.kind === 'created') return { kind: 'created', order: placed.order };
  if (placed.reason === 'table gone') throw notFound(messages.tableNotFoundScanAgain);
  const winner = await findOrderByKey(deps.db, scope);
  if (winner) return { kind: 'replayed', order: replayOf(winner, hash) };
  throw new Error('the order’s Idempotency-Key made an order that cannot be found');
}
