import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { type OrderLine, type OrderStatus, orders, restaurants } from '../db/schema';
import { ownerColumns } from './categories';
import { type OrderRecord, presentStaffOrder, serviceTimes } from './orders';
import { queueTicketsOnAccept } from './print-queue';
import { recordStaffEvent } from './staff-events';
import { enqueueTelegram } from './telegram-outbox';

/** SQL of moving an order's lines through the kitchen (the rules are lib/kitchen-lines.ts). */

/**
 * The order with its restaurant's manager, locked until the transaction ends: two cooks tapping lines of one order at
 * once are decided one after the other, each reading the other's move.
 */
export async function lockOrderWithOwner(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({ order: orders, ...ownerColumns })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants._id, orders.restaurant_id))
    .where(eq(orders._id, orderId))
    .limit(1)
    .for('no key update', { of: orders });
  return row;
}

/**
 * Saves the moved lines and the status they give the order, with its staff event, and its Telegram edit when
 * `edit` (the kitchen's state or the order's status changed: a message edited on every tap would spend the chat's
 * pace for nothing). An order the kitchen started (new → accepted) queues the tickets of stations waiting for that.
 */
export async function saveLineMoves(
  tx: Executor,
  order: OrderRecord,
  change: { items: OrderLine[]; status: OrderStatus; by: string; edit: boolean },
): Promise<OrderRecord> {
  const statusChanged = change.status !== order.status;
  const [updated] = await tx
    .update(orders)
    .set({
      items: change.items,
      status: change.status,
      ...(statusChanged ? { status_changed_by: change.by, ...serviceTimes(change.status) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders._id, order._id))
    .returning();
  if (statusChanged && change.status === 'accepted' && order.status === 'new') {
    await queueTicketsOnAccept(tx, order._id);
  }
  if (change.edit || statusChanged) await enqueueTelegram(tx, order.restaurant_id, { order_id: order._id }, 'edit');
  await recordStaffEvent(tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(updated!) });
  return updated!;
}

/**
 * A restaurant's orders a kitchen display may show, oldest first: new or accepted, made in the last day (an order
 * left open past that is the staff's to close, not the kitchen's to keep on screen), with a line of `stationId` (any
 * station when null) not yet served. Read through the restaurant's (restaurant_id, created_at) index.
 */
export function listKitchenOrders(db: Executor, restaurantId: string, stationId: string | null) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurant_id, restaurantId),
        gt(orders.createdAt, sql`now() - interval '1 day'`),
        inArray(orders.status, ['new', 'accepted']),
        eq(orders.needs_confirmation, false),
        sql`exists (select 1 from jsonb_array_elements(${orders.items}) line
          where line->>'status' <> 'served' ${stationId === null ? sql`` : sql`and line->>'station_id' = ${stationId}`})`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders._id))
    .limit(KITCHEN_ORDERS_MAX);
}

/** More open orders than this at one station is a kitchen that stopped using its display. */
export const KITCHEN_ORDERS_MAX = 200;
