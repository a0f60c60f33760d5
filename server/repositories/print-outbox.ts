import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import { kitchenStations, type OrderLine, orders, printOutbox, restaurants, type StationPrinter } from '../db/schema';
import type { OrderPrintView } from '../schemas/table-orders';
import { type OrderRecord, presentStaffOrder } from './orders';
import { recordStaffEvent } from './staff-events';

/**
 * SQL of kitchen tickets (print_outbox): which are queued when, which rows a printing process takes, what a ticket
 * shows, and how it ended. An outcome is written only by the claim that holds the row (its `attempts` as the lease's
 * token), with the order's `print` and its staff event when what the staff see changes.
 */

export type PrintOutboxRow = typeof printOutbox.$inferSelect;

/**
 * Takes due tickets for this process and leases them for `leaseSeconds` (FOR UPDATE SKIP LOCKED: two processes never
 * take the same one; one that died mid-print leaves its rows to the next when the lease runs out).
 */
export async function claimDueTickets(
  db: Db,
  options: { limit: number; leaseSeconds: number },
): Promise<PrintOutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx.execute(sql`
      select id from ${printOutbox}
      where state = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${options.limit}
      for update skip locked`);
    const ids = rowsOf<{ id: number | string }>(due).map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return tx
      .update(printOutbox)
      .set({
        attempts: sql`${printOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where(inArray(printOutbox.id, ids))
      .returning();
  });
}

/** What a ticket prints, and where. Undefined when the order or the station is gone, or the printer was removed. */
export interface TicketContext {
  restaurant: string;
  station: { name: string; printer: StationPrinter };
  order: Pick<OrderRecord, 'number' | 'table_name' | 'comment' | 'createdAt' | 'status'>;
  /** This station's lines only. */
  lines: OrderLine[];
}

export async function ticketContext(db: Executor, row: PrintOutboxRow): Promise<TicketContext | undefined> {
  const [found] = await db
    .select({
      restaurant: restaurants.name,
      station: { _id: kitchenStations._id, name: kitchenStations.name, printer: kitchenStations.printer },
      order: {
        number: orders.number,
        table_name: orders.table_name,
        comment: orders.comment,
        createdAt: orders.createdAt,
        status: orders.status,
        items: orders.items,
      },
    })
    .from(printOutbox)
    .innerJoin(orders, eq(orders._id, printOutbox.order_id))
    .innerJoin(kitchenStations, eq(kitchenStations._id, printOutbox.station_id))
    .innerJoin(restaurants, eq(restaurants._id, orders.restaurant_id))
    .where(eq(printOutbox.id, row.id))
    .limit(1);
  if (!found?.station.printer) return undefined;
  const { items, ...order } = found.order;
  return {
    restaurant: found.restaurant,
    station: { name: found.station.name, printer: found.station.printer },
    order,
    lines: items.filter((line) => line.station_id === found.station._id),
  };
}

const heldBy = (row: PrintOutboxRow) =>
  and(eq(printOutbox.id, row.id), eq(printOutbox.attempts, row.attempts), eq(printOutbox.state, 'pending'));

export type PrintOutcome =
  | { state: 'printed' }
  /** Try again in `seconds`; `shown`: the staff see the failure now (after the first failures). */
  | { state: 'retry'; seconds: number; error: string; shown: boolean }
  | { state: 'failed'; error: string }
  /** Nothing to print any more (the order, the station or its printer gone). */
  | { state: 'dropped' };

/**
 * How this ticket's try ended, in the caller's transaction, and the order's `print` as the staff see it when it
 * changes: "printed" once every ticket of the order is, "printing" with the error while one waits for its printer,
 * "failed" when one was given up. Answers the order when its `print` changed (its staff event recorded), else
 * undefined; nothing is written when the row is not this claim's any more.
 */
export async function finishTicket(
  tx: Executor,
  row: PrintOutboxRow,
  outcome: PrintOutcome,
): Promise<OrderRecord | undefined> {
  const done = await tx
    .update(printOutbox)
    .set(
      outcome.state === 'retry'
        ? { next_attempt_at: sql`now() + make_interval(secs => ${outcome.seconds})`, last_error: outcome.error }
        : {
            state: outcome.state === 'printed' ? 'printed' : 'failed',
            finishedAt: sql`now()`,
            last_error: outcome.state === 'failed' ? outcome.error : null,
          },
    )
    .where(heldBy(row))
    .returning({ id: printOutbox.id });
  if (done.length === 0 || outcome.state === 'dropped') return undefined;
  if (outcome.state === 'retry' && !outcome.shown) return undefined;
  const print: OrderPrintView =
    outcome.state === 'printed'
      ? { status: 'printed', error: null }
      : { status: outcome.state === 'failed' ? 'failed' : 'printing', error: outcome.error };
  // "printed" only when no other ticket of the order still waits or failed: their own outcome writes theirs.
  const [order] = await tx
    .update(orders)
    .set({ print, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders._id, row.order_id),
        outcome.state === 'printed'
          ? sql`not exists (select 1 from ${printOutbox} p where p.order_id = ${row.order_id} and p.state <> 'printed' and p.id <> ${row.id})`
          : undefined,
        sql`${orders.print} is distinct from ${JSON.stringify(print)}::jsonb`,
      ),
    )
    .returning();
  if (!order) return undefined;
  await recordStaffEvent(tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(order) });
  return order;
}
