import { and, asc, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client';
import { staffEvents } from '../db/schema';
import type { StaffEvent } from '../schemas/table-orders';

/** The NOTIFY channel a recorded staff event is announced on; its payload is the restaurant id. */
export const STAFF_EVENTS_CHANNEL = 'menyu_staff_events';

/**
 * Any fixed number, the same in every process (the migrations' lock is 7_301_955): the advisory lock every transaction
 * that records a staff event holds, shared, from just before its event takes an id until it ends. Shared holders never
 * wait for each other, so restaurants' orders commit side by side; what the lock gives is a way to see which
 * transactions may still commit an event (settledStaffEventId).
 */
const STAFF_EVENT_WRITERS_KEY = 7_301_956;

/**
 * Records what the staff's live screens must hear about (an order or call created or changed). Call it inside the
 * transaction of the change itself: the event row then exists exactly when the change does (a rolled-back order is never
 * announced), and the NOTIFY is delivered on commit, to every process listening (server/events/ delivers the rows).
 *
 * Ids are taken in one sequence but committed in any order (another restaurant's order may commit first), so a reader
 * never reads past settledStaffEventId. Call it as the transaction's last statement: from here to the commit the
 * transaction counts as a writer the readers wait for. One statement: the shared lock, then the row, then the NOTIFY.
 */
export async function recordStaffEvent(tx: Executor, restaurantId: string, event: StaffEvent): Promise<void> {
  const events = sql`select ${restaurantId}::uuid as restaurant_id, ${event.type} as type, ${JSON.stringify(event.data)}::jsonb as data`;
  const ctes = recordingStaffEvents(tx, events);
  await tx
    .with(...ctes)
    .select()
    .from(ctes[1]);
}

/**
 * recordStaffEvent's statement as CTEs of a larger one (`with(...recordingStaffEvents(tx, events))`): records an event
 * per row of `events` (a query of restaurant_id, type and data, which may read the statement's other CTEs). A
 * statement that makes the order and its event at once holds the restaurant's order counter for itself and the commit
 * only. The NOTIFY is in the insert's RETURNING: a data-modifying CTE always runs, a selecting one only when read.
 */
export function recordingStaffEvents(tx: Executor, events: SQL) {
  const writing = tx
    .$with('writing', { held: sql`held`.as('held') })
    .as(sql`select pg_advisory_xact_lock_shared(${STAFF_EVENT_WRITERS_KEY}::bigint) as held`);
  const recorded = tx.$with('recorded', { notified: sql`notified`.as('notified') }).as(sql`
    insert into ${staffEvents} (restaurant_id, type, data)
    select events.restaurant_id, events.type, events.data from (${events}) events, ${writing}
    returning pg_notify(${STAFF_EVENTS_CHANNEL}, restaurant_id::text) as notified`);
  return [writing, recorded] as const;
}

/** The transactions holding the writers' lock now (their `virtualtransaction`), of `among` only when given. */
async function eventWriters(db: Executor, among?: readonly string[]): Promise<string[]> {
  const [row] = rowsOf<{ writers: string[] }>(await db.execute(sql`select array(${writersQuery(among)}) as writers`));
  return row!.writers;
}

function writersQuery(among?: readonly string[]) {
  return sql`select virtualtransaction from pg_locks
    where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())
      and classid = 0 and objid = ${STAFF_EVENT_WRITERS_KEY} and objsubid = 1
      ${among ? sql`and virtualtransaction = any(${`{${among.join(',')}}`}::text[])` : sql``}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The newest event id N such that every event up to N that will ever commit has committed: reading "up to N" then
 * never skips one that commits late. Read in one statement, the newest visible id and the writers holding the lock
 * (the lock is looked at after the statement's snapshot was taken): an id below the newest taken by a transaction still
 * running is held by one of those writers, so once each of them has ended, every id up to N is committed (visible to
 * the next read) or rolled back (never will be). Waits for them a few milliseconds at a time: they are between their
 * last statement and their commit. Never call it inside a transaction that recorded an event (it would wait for itself).
 */
export async function settledStaffEventId(
  db: Executor,
  options: { slowAfterMs?: number; onSlow?: (writers: readonly string[]) => void } = {},
): Promise<number> {
  const [row] = rowsOf<{ newest: string | number; writers: string[] }>(
    await db.execute(
      sql`select coalesce(max(${staffEvents.id}), 0) as newest, array(${writersQuery()}) as writers from ${staffEvents}`,
    ),
  );
  let writers = row!.writers;
  const slowAt = Date.now() + (options.slowAfterMs ?? SLOW_WRITERS_MS);
  let told = false;
  for (let wait = 1; writers.length > 0; wait = Math.min(wait * 2, 20)) {
    await sleep(wait);
    writers = await eventWriters(db, writers);
    // Still waiting: a transaction left open after recording its event holds every stream back; say which.
    if (!told && writers.length > 0 && Date.now() >= slowAt) {
      told = true;
      options.onSlow?.(writers);
    }
  }
  return Number(row!.newest);
}

/** A writer is between its event and its commit for milliseconds; past this it is worth a warning. */
const SLOW_WRITERS_MS = 5000;

/** A recorded event as the streams send it: its id (the SSE `id:`), its restaurant, type and object. */
export type StaffEventRow = StaffEvent & { id: number; restaurant_id: string };

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
