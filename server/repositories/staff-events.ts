import { and, asc, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { staffEvents } from '../db/schema';
import type { StaffEvent } from '../schemas/table-orders';

/** The NOTIFY channel a recorded staff event is announced on; its payload is the restaurant id. */
export const STAFF_EVENTS_CHANNEL = 'menyu_staff_events';

/**
 * Any fixed number, the same in every process (the migrations' lock is 7_301_955): the transaction-level advisory lock
 * that makes staff events commit in the order of their ids.
 */
const STAFF_EVENTS_LOCK_KEY = 7_301_956;

/**
 * Records what the staff's live screens must hear about (an order or call created or changed). Call it inside the
 * transaction of the change itself: the event row then exists exactly when the change does (a rolled-back order is never
 * announced), and the NOTIFY is delivered on commit, to every process listening (server/events/ delivers the rows).
 *
 * Call it as the transaction's last statement. It takes a lock held until commit, so that of two transactions the one
 * that gets the lower id also commits first: committed events are then always a prefix in id order, which is what lets
 * a stream (and a reconnect's Last-Event-ID) say "everything up to id N" without missing one that commits late. The
 * lock is held only from here to the commit.
 */
export async function recordStaffEvent(tx: Executor, restaurantId: string, event: StaffEvent): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_EVENTS_LOCK_KEY})`);
  await tx.insert(staffEvents).values({ restaurant_id: restaurantId, type: event.type, data: event.data });
  await tx.execute(sql`select pg_notify(${STAFF_EVENTS_CHANNEL}, ${restaurantId})`);
}

/** A recorded event as the streams send it: its id (the SSE `id:`), its restaurant, type and object. */
export type StaffEventRow = StaffEvent & { id: number; restaurant_id: string };

/** The newest event id (0 when there is none): where a stream opened without Last-Event-ID starts. */
export async function latestStaffEventId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(staffEvents.id) }).from(staffEvents);
  return Number(row!.id ?? 0); // max() without GROUP BY answers one row, its value null for an empty table
}

export interface StaffEventsRange {
  restaurantIds: readonly string[];
  /** Only events after this id. */
  afterId: number;
  /** And none after this one (a replay stops where the live stream takes over). */
  upToId?: number;
  limit: number;
}

/** The restaurants' events after an id, oldest first, at most `limit` of them. */
export async function staffEventsAfter(db: Executor, range: StaffEventsRange): Promise<StaffEventRow[]> {
  const rows = await db
    .select({
      id: staffEvents.id,
      restaurant_id: staffEvents.restaurant_id,
      type: staffEvents.type,
      data: staffEvents.data,
    })
    .from(staffEvents)
    .where(
      and(
        gt(staffEvents.id, range.afterId),
        range.upToId === undefined ? undefined : lte(staffEvents.id, range.upToId),
        inArray(staffEvents.restaurant_id, [...range.restaurantIds]),
      ),
    )
    .orderBy(asc(staffEvents.id))
    .limit(range.limit);
  return rows.map((row) => ({ ...row, id: Number(row.id) }) as StaffEventRow);
}

/** Deletes events older than `maxAgeMs` (a reconnect after longer gets what is kept); answers how many. */
export async function pruneStaffEvents(db: Executor, maxAgeMs: number): Promise<number> {
  const deleted = await db
    .delete(staffEvents)
    .where(sql`${staffEvents.createdAt} < now() - make_interval(secs => ${maxAgeMs / 1000})`)
    .returning({ id: staffEvents.id });
  return deleted.length;
}
