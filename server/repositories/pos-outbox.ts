import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import {
  type OrderLine,
  optionRows,
  orders,
  type PosCommand,
  posOutbox,
  productOptions,
  products,
  restaurants,
  restaurantTables,
} from '../db/schema';
import type { OrderPosView } from '../schemas/table-orders';
import { type OrderRecord, presentStaffOrder } from './orders';
import { recordStaffEvent } from './staff-events';
import { enqueueTelegram } from './telegram-outbox';

/**
 * SQL of sending orders to the till (pos_outbox, written with the order by createOrder): which rows a sender takes, what
 * sending one needs, and how it ended. Every outcome is written with the order's `pos` and its staff event and
 * Telegram edit, in one transaction, and only by the claim that holds the row (its `attempts` as the lease's token).
 */

export type PosOutboxRow = typeof posOutbox.$inferSelect;

/**
 * Takes due rows for this process and leases them (`leaseSeconds`: as long as one sending can take): a table's order
 * is due only when no older order of that table is still on its way, so a next round follows the check its first
 * round opened. Rows are locked while choosing (FOR UPDATE SKIP LOCKED): two processes never take the same one, and
 * one that died mid-send leaves its rows to the next when the lease runs out.
 */
export async function claimDueTillOrders(
  db: Db,
  options: { limit: number; leaseSeconds: number },
): Promise<PosOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select o.id from ${posOutbox} o
      where o.state = 'pending' and o.next_attempt_at <= now()
        and (o.table_id is null or not exists (
          select 1 from ${posOutbox} p where p.table_id = o.table_id and p.state = 'pending' and p.id < o.id))
      order by o.next_attempt_at, o.id
      limit ${options.limit}
      for update of o skip locked`);
    const ids = rowsOf<{ id: number | string }>(due).map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return tx
      .update(posOutbox)
      .set({
        attempts: sql`${posOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where(inArray(posOutbox.id, ids))
      .returning();
  });
}

/** What sending an order needs: the order, its restaurant's POS, its table's POS id and its dishes' POS ids. */
export interface TillSendContext {
  order: Pick<OrderRecord, '_id' | 'number' | 'items' | 'comment' | 'status'>;
  restaurant: {
    type: string;
    integration_provider: string | null;
    integration_id: string | null;
    pos_terminal_group_id: string | null;
  };
  /** The table's id in the POS, null for a table the POS does not have (or one deleted since). */
  posTableId: string | null;
  /** By our product id (gone from the map when deleted since). */
  products: Map<string, { external_id: string | null; pos_size_id: string | null }>;
  /** By our option row id. */
  rows: Map<string, { external_id: string | null; option_external_id: string | null }>;
}

export async function tillSendContext(db: Executor, row: PosOutboxRow): Promise<TillSendContext | undefined> {
  // One statement: the order with its restaurant and table, and the POS ids of the dishes and choices it names.
  const result = await db.execute(sql`
    select o.id, o.number, o.items, o.comment, o.status,
      r.type, r.integration_provider, r.integration_id, r.pos_terminal_group_id, t.pos_table_id,
      (select coalesce(jsonb_object_agg(p.id, jsonb_build_object('external_id', p.external_id, 'pos_size_id', p.pos_size_id)), '{}')
        from ${products} p
        where p.id in (select (line->>'product_id')::uuid from jsonb_array_elements(o.items) line)) as products,
      (select coalesce(jsonb_object_agg(c.id, jsonb_build_object('external_id', c.external_id, 'option_external_id', po.external_id)), '{}')
        from ${optionRows} c join ${productOptions} po on po.id = c.product_option_id
        where c.id in (
          select (choice->>'_id')::uuid from jsonb_array_elements(o.items) line, jsonb_array_elements(line->'rows') choice
        )) as rows
    from ${orders} o
    join ${restaurants} r on r.id = o.restaurant_id
    left join ${restaurantTables} t on t.id = o.table_id
    where o.id = ${row.order_id}`);
  const [found] = rowsOf<{
    id: string;
    number: number;
    items: OrderLine[] | string;
    comment: string;
    status: OrderRecord['status'];
    type: string;
    integration_provider: string | null;
    integration_id: string | null;
    pos_terminal_group_id: string | null;
    pos_table_id: string | null;
    products: Record<string, { external_id: string | null; pos_size_id: string | null }> | string;
    rows: Record<string, { external_id: string | null; option_external_id: string | null }> | string;
  }>(result);
  if (!found) return undefined;
  // PGlite and pg both parse json; a driver that does not hands text.
  const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    order: {
      _id: found.id,
      number: Number(found.number),
      items: parsed(found.items),
      comment: found.comment,
      status: found.status,
    },
    restaurant: {
      type: found.type,
      integration_provider: found.integration_provider,
      integration_id: found.integration_id,
      pos_terminal_group_id: found.pos_terminal_group_id,
    },
    posTableId: found.pos_table_id,
    products: new Map(Object.entries(parsed(found.products))),
    rows: new Map(Object.entries(parsed(found.rows))),
  };
}

/** The till's check the table's last order went to, when an earlier order of this table reached the till. */
export async function tableCheck(db: Executor, row: PosOutboxRow): Promise<string | null> {
  if (row.table_id === null) return null;
  const [last] = await db
    .select({ pos_order_id: posOutbox.pos_order_id })
    .from(posOutbox)
    .where(and(eq(posOutbox.table_id, row.table_id), eq(posOutbox.state, 'sent'), lt(posOutbox.id, row.id)))
    .orderBy(desc(posOutbox.id))
    .limit(1);
  return last?.pos_order_id ?? null;
}

/** The row as this claim leased it, still pending: a claim whose lease ran out (another took it) writes nothing. */
const heldBy = (row: PosOutboxRow) =>
  and(eq(posOutbox.id, row.id), eq(posOutbox.attempts, row.attempts), eq(posOutbox.state, 'pending'));

/** The till accepted a command for this order: followed from here on (also by whoever takes the row next). */
export async function recordTillCommand(
  db: Executor,
  row: PosOutboxRow,
  command: PosCommand,
  posOrderId: string,
): Promise<boolean> {
  const updated = await db
    .update(posOutbox)
    .set({ command, pos_order_id: posOrderId })
    .where(heldBy(row))
    .returning({ id: posOutbox.id });
  return updated.length > 0;
}

/** Try again after `seconds`; `forget` drops the command followed and the check chosen (decided afresh). */
export async function retryTillLater(
  db: Executor,
  row: PosOutboxRow,
  seconds: number,
  error: string | null,
  forget: { command?: boolean; check?: boolean } = {},
): Promise<void> {
  await db
    .update(posOutbox)
    .set({
      next_attempt_at: sql`now() + make_interval(secs => ${seconds})`,
      last_error: error,
      ...(forget.command ? { command: null } : {}),
      ...(forget.check ? { pos_order_id: null } : {}),
    })
    .where(heldBy(row));
}

export type TillOutcome =
  | { state: 'sent'; posOrderId: string; number: number | null }
  | { state: 'failed'; reason: string };

/**
 * How this order's sending ended, with the order's `pos`, its staff event and its Telegram edit.
 * In the caller's transaction; answers the order as it is now and whether a Telegram edit was queued, or undefined
 * when the row was not this claim's any more.
 */
export async function finishTillOrder(
  tx: Executor,
  row: PosOutboxRow,
  outcome: TillOutcome,
): Promise<{ order: OrderRecord; telegramQueued: boolean } | undefined> {
  const [finished] = await tx
    .update(posOutbox)
    .set({
      state: outcome.state,
      finishedAt: sql`now()`,
      command: null,
      ...(outcome.state === 'sent'
        ? { pos_order_id: outcome.posOrderId, last_error: null }
        : { last_error: outcome.reason }),
    })
    .where(heldBy(row))
    .returning({ id: posOutbox.id });
  if (!finished) return undefined;
  const pos: OrderPosView =
    outcome.state === 'sent'
      ? { status: 'sent', error: null, number: outcome.number }
      : { status: 'failed', error: outcome.reason, number: null };
  return setOrderPos(tx, row.order_id, pos);
}

/**
 * A failed order's sending starts over (the manager's "Qayta yuborish"), in the caller's transaction: answers the order
 * "sending" again, or undefined when its sending is not failed (on its way, on the till, or never for a till).
 */
export async function restartTillOrder(
  tx: Executor,
  orderId: string,
): Promise<{ order: OrderRecord; telegramQueued: boolean } | undefined> {
  const [restarted] = await tx
    .update(posOutbox)
    .set({ state: 'pending', attempts: 0, next_attempt_at: sql`now()`, finishedAt: null, command: null })
    .where(and(eq(posOutbox.order_id, orderId), eq(posOutbox.state, 'failed')))
    .returning({ id: posOutbox.id });
  if (!restarted) return undefined;
  return setOrderPos(tx, orderId, { status: 'sending', error: null, number: null });
}

async function setOrderPos(tx: Executor, orderId: string, pos: OrderPosView) {
  const [order] = await tx
    .update(orders)
    .set({ pos, updatedAt: sql`now()` })
    .where(eq(orders._id, orderId))
    .returning();
  if (!order) return undefined;
  const telegramQueued = await enqueueTelegram(tx, order.restaurant_id, { order_id: order._id }, 'edit');
  await recordStaffEvent(tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(order) });
  return { order, telegramQueued };
}
