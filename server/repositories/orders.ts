import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { kitchenStatusOf } from '../../lib/kitchen-lines';
import type { Executor } from '../db/client';
import { reusableSelect } from '../db/reusable-select';
import { isoText, type OrderStatus, orders, posOutbox, restaurants } from '../db/schema';
import { currentRequestId } from '../request-context';
import type { OrderPosView, OrderView, StaffOrderView } from '../schemas/table-orders';
import { ownerColumns } from './categories';
import { queueTicketsOnAccept } from './print-queue';
import { slugKey } from './restaurants';
import { recordStaffEvent } from './staff-events';
import { enqueueTelegram } from './telegram-outbox';

/** SQL of the diner's orders and the staff's order list. */

export type OrderRecord = typeof orders.$inferSelect;

/**
 * Today in Asia/Tashkent, by the database's clock (one clock for every server process): UTC+5 all year, Uzbekistan
 * keeps no daylight saving time, so a fixed offset needs no time zone data.
 */
export const tashkentDate = (timestamp = sql`now()`) =>
  sql<string>`((${timestamp} at time zone 'UTC') + interval '5 hours')::date`;

/**
 * What the diner's calls need of the restaurant a slug names (active or not: the route tells them apart), with its
 * time zone and working hours (orders and calls are refused while it is closed).
 */
export async function findOrderingRestaurant(db: Executor, slug: string) {
  const [row] = await orderingRestaurant(db, { slug: slugKey(slug) });
  return row;
}

/** Read by every diner's write and status look (unless remembered): made once (db/reusable-select.ts). */
const orderingRestaurant = reusableSelect<
  { slug: string },
  Pick<typeof restaurants.$inferSelect, '_id' | 'is_active' | 'ordering_enabled' | 'time_zone' | 'working_hours'>
>('ordering_restaurant', (db) =>
  db
    .select({
      _id: restaurants._id,
      is_active: restaurants.is_active,
      ordering_enabled: restaurants.ordering_enabled,
      time_zone: restaurants.time_zone,
      working_hours: restaurants.working_hours,
    })
    .from(restaurants)
    .where(eq(restaurants.slug, sql.placeholder('slug')))
    .limit(1),
);

/** Whose Idempotency-Key it is: a key is looked up only within its restaurant, table and device. */
export interface KeyScope {
  restaurant_id: string;
  table_id: string;
  /** The diner's X-Device-Id, '' when none was sent. */
  device_id: string;
  key: string;
}

/** The order this Idempotency-Key already made from this table and device, if any (another device's never). */
export async function findOrderByKey(db: Executor, scope: KeyScope) {
  const [row] = await orderByKey(db, scope);
  return row;
}

/** Looked up at every order: made once (db/reusable-select.ts). */
const orderByKey = reusableSelect<KeyScope, OrderRecord>('order_by_key', (db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.restaurant_id, sql.placeholder('restaurant_id')),
        eq(orders.table_id, sql.placeholder('table_id')),
        eq(orders.device_id, sql.placeholder('device_id')),
        eq(orders.idempotency_key, sql.placeholder('key')),
      ),
    )
    .limit(1),
);

/** An order of this restaurant (the diner's status page), or undefined. */
export async function findRestaurantOrder(db: Executor, restaurantId: string, orderId: string) {
  const [row] = await restaurantOrder(db, { restaurantId, orderId });
  return row;
}

/** Read at every look at a diner's status page and by its live status: made once (db/reusable-select.ts). */
const restaurantOrder = reusableSelect<{ restaurantId: string; orderId: string }, OrderRecord>(
  'restaurant_order',
  (db) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders._id, sql.placeholder('orderId')), eq(orders.restaurant_id, sql.placeholder('restaurantId'))))
      .limit(1),
);

/** What an integration restaurant's new order shows until the till has it. */
export const SENDING_TO_POS: OrderPosView = { status: 'sending', error: null, number: null };

/** An order with its restaurant's manager (ownership checks), or undefined when unknown. */
export async function findOrderWithOwner(db: Executor, orderId: string) {
  const [row] = await db
    .select({ order: orders, ...ownerColumns })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants._id, orders.restaurant_id))
    .where(eq(orders._id, orderId))
    .limit(1);
  return row;
}

/**
 * When the staff first took an order on (accepted, or served straight away) and when it was served: set once, by the
 * statement that moves it there, for the owner's report (server/domain/insights).
 */
export function serviceTimes(to: OrderStatus) {
  return {
    ...(to === 'accepted' || to === 'served' ? { accepted_at: sql`coalesce(${orders.accepted_at}, now())` } : {}),
    ...(to === 'served' ? { served_at: sql`coalesce(${orders.served_at}, now())` } : {}),
  };
}

/**
 * Moves an order to `to` only if its status is still one of `from`, in one statement: of two staff tapping at once,
 * the second finds the status already changed and gets undefined. Records `order.updated` in the same transaction.
 * Accepting an order that waited for confirmation confirms it (the flag is cleared) and, at an integration restaurant,
 * sends it to the till now (it was held back while it might be a prank: no ticket printed for it).
 */
export async function changeOrderStatus(
  tx: Executor,
  orderId: string,
  to: OrderStatus,
  from: readonly OrderStatus[],
  by: string,
): Promise<OrderRecord | undefined> {
  const [updated] = await tx
    .update(orders)
    .set({
      status: to,
      status_changed_by: by,
      updatedAt: sql`now()`,
      ...serviceTimes(to),
      ...(to === 'accepted'
        ? {
            needs_confirmation: false,
            // SET sees the row as it was: only an order that waited for confirmation starts sending here.
            pos: sql`case when ${orders.needs_confirmation} and ${orders.pos} is null and exists (
              select 1 from ${restaurants} where ${restaurants._id} = ${orders.restaurant_id} and ${restaurants.type} = 'integration'
            ) then ${JSON.stringify(SENDING_TO_POS)}::jsonb else ${orders.pos} end`,
          }
        : {}),
      ...(to === 'served' ? { items: allLinesServed(by) } : {}),
    })
    .where(
      and(
        eq(orders._id, orderId),
        inArray(orders.status, [...from]),
        // Cancelling stays possible only while no line has started cooking (lib/kitchen-lines.ts canCancel).
        to === 'cancelled'
          ? sql`not exists (select 1 from jsonb_array_elements(${orders.items}) line where line->>'status' <> 'new')`
          : undefined,
      ),
    )
    .returning();
  if (!updated) return undefined;
  if (to === 'accepted') await queueTicketsOnAccept(tx, updated._id);
  if (to === 'accepted' && updated.pos?.status === 'sending') {
    await tx
      .insert(posOutbox)
      .values({
        order_id: updated._id,
        restaurant_id: updated.restaurant_id,
        table_id: updated.table_id,
        request_id: currentRequestId(),
      })
      .onConflictDoNothing({ target: posOutbox.order_id });
  }
  await enqueueTelegram(tx, updated.restaurant_id, { order_id: updated._id }, 'edit');
  await recordStaffEvent(tx, updated.restaurant_id, { type: 'order.updated', data: presentStaffOrder(updated) });
  return updated;
}

/** Every line not yet served becomes served, its move recorded as `by`'s now: the waiter served the whole order. */
function allLinesServed(by: string) {
  const move = sql`jsonb_build_object('to', 'served', 'at', ${isoText(sql`now()`)}, 'by', ${by}::text)`;
  return sql`(select coalesce(jsonb_agg(case when line->>'status' = 'served' then line
      else line || jsonb_build_object('status', 'served', 'moves', coalesce(line->'moves', '[]'::jsonb) || jsonb_build_array(${move}))
    end order by n), '[]'::jsonb)
    from jsonb_array_elements(${orders.items}) with ordinality as l(line, n))`;
}

/** One restaurant's orders, or every restaurant of a manager's. */
export type OrderScope = { restaurantId: string } | { managerId: string };

/** The condition `scope` puts on a restaurant_id column (of orders or calls). */
export const scopeCondition = (scope: OrderScope, column: AnyPgColumn) =>
  'restaurantId' in scope
    ? eq(column, scope.restaurantId)
    : inArray(
        column,
        sql`(select ${restaurants._id} from ${restaurants} where ${restaurants.manager_id} = ${scope.managerId})`,
      );

/**
 * How the staff's list is ordered: the orders still waiting for someone ("new") first, the longest-waiting on top (a
 * waiter serves the table that has waited longest), then every other order newest first. The panel sorts its live
 * list the same way (machines/orders/orders.rules.ts, waitingFirst).
 */
const waitingFirst = [
  sql`(${orders.status} = 'new') desc`,
  sql`case when ${orders.status} = 'new' then ${orders.createdAt} end asc`,
  desc(orders.createdAt),
  desc(orders._id),
];

/** A page of orders (waiting first, see waitingFirst) and how many match in all. */
export async function listOrders(
  db: Executor,
  scope: OrderScope,
  status: OrderStatus | undefined,
  page: { page: number; limit: number },
): Promise<{ rows: OrderRecord[]; count: number }> {
  const where = and(scopeCondition(scope, orders.restaurant_id), status ? eq(orders.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...waitingFirst)
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ count: count() }).from(orders).where(where),
  ]);
  return { rows, count: total!.count };
}

/** An order as the diner sees it. */
/** What the diner's view of an order shows of its row. */
export type DinerOrderRecord = Pick<
  OrderRecord,
  | '_id'
  | 'number'
  | 'status'
  | 'table_id'
  | 'table_name'
  | 'items'
  | 'total'
  | 'comment'
  | 'needs_confirmation'
  | 'service_percent'
  | 'service'
  | 'payment_status'
  | 'createdAt'
>;

export function presentOrder(row: DinerOrderRecord): OrderView {
  return {
    _id: row._id,
    number: row.number,
    status: row.status,
    table: { _id: row.table_id, name: row.table_name },
    // Only what the diner ordered: who in the kitchen moved a line is the staff's.
    items: row.items.map(({ product_id, name, quantity, rows, line_total }) => ({
      product_id,
      name,
      quantity,
      rows,
      line_total,
    })),
    total: row.total,
    comment: row.comment,
    needs_confirmation: row.needs_confirmation,
    service_percent: row.service_percent,
    service: row.service,
    payment_status: row.payment_status,
    createdAt: row.createdAt,
  };
}

/**
 * An order as the staff see it (and as `/manager/events` sends it): the diner's view's fields written out rather than
 * spread from it and overwritten, which V8 made a slow object of (17 µs against 0.1 µs measured), on every order placed
 * and every order of the panel's lists.
 */
export function presentStaffOrder(row: OrderRecord): StaffOrderView {
  return {
    _id: row._id,
    number: row.number,
    status: row.status,
    table: { _id: row.table_id, name: row.table_name },
    items: row.items,
    total: row.total,
    comment: row.comment,
    needs_confirmation: row.needs_confirmation,
    service_percent: row.service_percent,
    service: row.service,
    payment_status: row.payment_status,
    createdAt: row.createdAt,
    kitchen_status: kitchenStatusOf(row.items),
    print: row.print,
    payment: row.payment,
    pos: row.pos,
    restaurant_id: row.restaurant_id,
    updatedAt: row.updatedAt,
    status_changed_by: row.status_changed_by,
    telegram_error: row.telegram_error,
  };
}
