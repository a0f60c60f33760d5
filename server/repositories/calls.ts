import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reusableSelect } from '../db/reusable-select';
import { type CallStatus, type CallType, calls, restaurants } from '../db/schema';
import type { CallView, StaffCallView } from '../schemas/table-orders';
import { ownerColumns } from './categories';
import { type OrderScope, scopeCondition } from './orders';
import { recordStaffEvent } from './staff-events';
import { enqueueTelegram } from './telegram-outbox';

/** SQL of the diner's waiter and bill calls and the staff's list of them. */

export type CallRecord = typeof calls.$inferSelect;

/**
 * Seconds until the table may make this call again, when its last call of this type is younger than `seconds`;
 * 0 otherwise. Read after `lockTable`, so two taps at once cannot both pass.
 */
export async function repeatCallWait(db: Executor, tableId: string, type: CallType, seconds: number): Promise<number> {
  const [row] = await lastCallWait(db, { tableId, type, seconds });
  return Math.max(0, row?.wait ?? 0);
}

/** Read at every diner's call: made once (db/reusable-select.ts). */
const lastCallWait = reusableSelect<{ tableId: string; type: CallType; seconds: number }, { wait: number }>(
  'last_call_wait',
  (db) =>
    db
      .select({
        wait: sql<number>`ceil(extract(epoch from ${calls.createdAt} + make_interval(secs => ${sql.placeholder('seconds')}) - now()))::int`,
      })
      .from(calls)
      .where(and(eq(calls.table_id, sql.placeholder('tableId')), eq(calls.type, sql.placeholder('type'))))
      .orderBy(desc(calls.createdAt))
      .limit(1),
);

/** Creates a call and its `call.created` event in the caller's transaction (its Telegram row: `telegramQueued`). */
export async function createCall(
  tx: Executor,
  call: { restaurant_id: string; table: { _id: string; name: string }; type: CallType },
): Promise<{ call: CallRecord; telegramQueued: boolean }> {
  const [created] = await tx
    .insert(calls)
    .values({
      restaurant_id: call.restaurant_id,
      table_id: call.table._id,
      table_name: call.table.name,
      type: call.type,
    })
    .returning();
  const telegramQueued = await enqueueTelegram(tx, created!.restaurant_id, { call_id: created!._id }, 'send');
  await recordStaffEvent(tx, created!.restaurant_id, { type: 'call.created', data: presentStaffCall(created!) });
  return { call: created!, telegramQueued };
}

/** A call with its restaurant's manager (ownership checks), or undefined when unknown. */
export async function findCallWithOwner(db: Executor, callId: string) {
  const [row] = await db
    .select({ call: calls, ...ownerColumns })
    .from(calls)
    .innerJoin(restaurants, eq(restaurants._id, calls.restaurant_id))
    .where(eq(calls._id, callId))
    .limit(1);
  return row;
}

/** new → done in one statement (a second tap finds it done: undefined), with `call.updated` in the same transaction. */
export async function markCallDone(tx: Executor, callId: string, by: string): Promise<CallRecord | undefined> {
  const [updated] = await tx
    .update(calls)
    .set({ status: 'done', status_changed_by: by, done_at: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(calls._id, callId), eq(calls.status, 'new')))
    .returning();
  if (!updated) return undefined;
  await enqueueTelegram(tx, updated.restaurant_id, { call_id: updated._id }, 'edit');
  await recordStaffEvent(tx, updated.restaurant_id, { type: 'call.updated', data: presentStaffCall(updated) });
  return updated;
}

/** A page of calls, newest first, and how many match in all. */
export async function listCalls(
  db: Executor,
  scope: OrderScope,
  status: CallStatus | undefined,
  page: { page: number; limit: number },
): Promise<{ rows: CallRecord[]; count: number }> {
  const where = and(scopeCondition(scope, calls.restaurant_id), status ? eq(calls.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(calls)
      .where(where)
      .orderBy(desc(calls.createdAt), desc(calls._id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ count: count() }).from(calls).where(where),
  ]);
  return { rows, count: total!.count };
}

export function presentCall(row: CallRecord): CallView {
  return {
    _id: row._id,
    type: row.type,
    table: { _id: row.table_id, name: row.table_name },
    status: row.status,
    createdAt: row.createdAt,
  };
}

export function presentStaffCall(row: CallRecord): StaffCallView {
  return {
    ...presentCall(row),
    restaurant_id: row.restaurant_id,
    updatedAt: row.updatedAt,
    status_changed_by: row.status_changed_by,
    telegram_error: row.telegram_error,
  };
}
