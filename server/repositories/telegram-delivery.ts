import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import { calls, orders, restaurants, telegramOutbox } from '../db/schema';
import { presentStaffCall } from './calls';
import { presentStaffOrder } from './orders';
import { recordStaffEvent } from './staff-events';

/** SQL of Telegram delivery (issue 15): which outbox rows a sender takes, and how each delivery ended. */

export type OutboxRow = typeof telegramOutbox.$inferSelect;

export interface ClaimOptions {
  /** At most this many rows, at most one per restaurant (one chat's messages go one at a time, in order). */
  limit: number;
  /** Restaurants whose chat is resting (Telegram's per-chat pace): none of theirs now. */
  resting: readonly string[];
  /** How long the claim holds: longer than one delivery can take, shorter than a restart's patience. */
  leaseSeconds: number;
}

/**
 * Takes due rows for this process: pending, due, and each the oldest pending row of its restaurant, so one chat's
 * messages go one at a time and in order whichever process sends them (an edit after its send, order №2 after №1: a
 * row waiting for its retry or in another process's hands holds back the ones behind it), and not taken by another
 * process (FOR UPDATE SKIP LOCKED while choosing; then the lease). A taken row is due again only when its lease runs
 * out: a process that died mid-delivery leaves it to the next.
 */
export async function claimDueMessages(db: Db, options: ClaimOptions): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const resting =
      options.resting.length > 0
        ? sql`and o.restaurant_id not in (${sql.join(
            options.resting.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
    const result = await tx.execute(sql`
      select o.id, o.restaurant_id from telegram_outbox o
      where o.state = 'pending' and o.next_attempt_at <= now() ${resting}
        and not exists (
          select 1 from telegram_outbox p
          where p.restaurant_id = o.restaurant_id and p.state = 'pending' and p.id < o.id)
      order by o.next_attempt_at, o.id
      limit ${options.limit}
      for update of o skip locked`);
    // At most one row per restaurant already: only its oldest pending row passes the NOT EXISTS.
    const chosen = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
    if (chosen.length === 0) return [];
    return tx
      .update(telegramOutbox)
      .set({
        attempts: sql`${telegramOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where(inArray(telegramOutbox.id, chosen))
      .returning();
  });
}

/** What delivering a row needs: the restaurant's bot and channel, and the order or call as it is now. */
export async function deliveryContext(db: Executor, row: OutboxRow) {
  const [restaurant] = await db
    .select({
      name: restaurants.name,
      bot_token: restaurants.bot_token,
      channel_id: restaurants.channel_id,
    })
    .from(restaurants)
    .where(eq(restaurants._id, row.restaurant_id));
  if (!restaurant) return undefined;
  if (row.order_id) {
    const [order] = await db.select().from(orders).where(eq(orders._id, row.order_id));
    return order ? { restaurant, subject: { kind: 'order' as const, order } } : undefined;
  }
  const [call] = await db.select().from(calls).where(eq(calls._id, row.call_id!));
  return call ? { restaurant, subject: { kind: 'call' as const, call } } : undefined;
}

export type DeliveryContext = NonNullable<Awaited<ReturnType<typeof deliveryContext>>>;

const finished = (state: 'sent' | 'failed' | 'skipped', error: string | null) => ({
  state,
  last_error: error,
  finishedAt: sql`now()`,
});

/**
 * Delivered: the row is done, the subject remembers its message (edits go there), the restaurant's error clears. An
 * order that showed a delivery error no longer does: that change moves its `updatedAt` and reaches the live screens.
 */
export async function markSent(
  db: Db,
  row: OutboxRow,
  message: { chatId: string; messageId: number } | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(telegramOutbox).set(finished('sent', null)).where(eq(telegramOutbox.id, row.id));
    const set = {
      ...(message ? { telegram_chat_id: message.chatId, telegram_message_id: message.messageId } : {}),
      telegram_error: null,
    };
    if (row.order_id) {
      const [before] = await tx
        .select({ error: orders.telegram_error })
        .from(orders)
        .where(eq(orders._id, row.order_id));
      const cleared = before?.error != null;
      const [order] = await tx
        .update(orders)
        .set(cleared ? { ...set, updatedAt: sql`now()` } : set)
        .where(eq(orders._id, row.order_id))
        .returning();
      if (cleared && order)
        await recordStaffEvent(tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(order) });
    } else {
      // A call changes once (new → done), so a call whose delivery failed for good has no later delivery: no error
      // of its to clear here, and nothing for the live screens.
      await tx.update(calls).set(set).where(eq(calls._id, row.call_id!));
    }
    await tx
      .update(restaurants)
      .set({ telegram_error: null })
      .where(and(eq(restaurants._id, row.restaurant_id), isNotNull(restaurants.telegram_error)));
  });
}

/** Nothing to deliver any more (no bot or channel now, the message was deleted in Telegram). */
export async function markSkipped(db: Executor, row: OutboxRow, reason: string): Promise<void> {
  await db.update(telegramOutbox).set(finished('skipped', reason)).where(eq(telegramOutbox.id, row.id));
}

/** Try again after `seconds` (Telegram down, too many requests): the lease is replaced by the new time. */
export async function markRetry(db: Executor, row: OutboxRow, seconds: number, error: string): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({ last_error: error, next_attempt_at: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(telegramOutbox.id, row.id));
}

/** A 429 is about the whole chat: none of the restaurant's pending rows is tried before `seconds` from now. */
export async function restRestaurant(db: Executor, restaurantId: string, seconds: number): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({
      next_attempt_at: sql`greatest(${telegramOutbox.next_attempt_at}, now() + make_interval(secs => ${seconds}))`,
    })
    .where(and(eq(telegramOutbox.restaurant_id, restaurantId), eq(telegramOutbox.state, 'pending')));
}

/**
 * Given up (Telegram refused for good, or 24 hours passed): the row, its order or call and its restaurant say why, and
 * the staff's screens hear of it at once (order.updated / call.updated with `telegram_error`).
 */
export async function markFailed(db: Db, row: OutboxRow, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(telegramOutbox).set(finished('failed', reason)).where(eq(telegramOutbox.id, row.id));
    await tx.update(restaurants).set({ telegram_error: reason }).where(eq(restaurants._id, row.restaurant_id));
    if (row.order_id) {
      const [order] = await tx
        .update(orders)
        .set({ telegram_error: reason, updatedAt: sql`now()` })
        .where(eq(orders._id, row.order_id))
        .returning();
      if (order)
        await recordStaffEvent(tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(order) });
    } else {
      const [call] = await tx
        .update(calls)
        .set({ telegram_error: reason, updatedAt: sql`now()` })
        .where(eq(calls._id, row.call_id!))
        .returning();
      if (call) await recordStaffEvent(tx, call.restaurant_id, { type: 'call.updated', data: presentStaffCall(call) });
    }
  });
}

/** Whether the row has waited longer than `hours` since it was written (then it is given up). */
export function isOlderThan(row: OutboxRow, hours: number, now = Date.now()): boolean {
  return now - Date.parse(row.createdAt) > hours * 3600_000;
}

/** Deletes finished rows older than `days` (pending ones are never pruned); answers how many. */
export async function pruneOutbox(db: Executor, days: number): Promise<number> {
  const deleted = await db
    .delete(telegramOutbox)
    .where(
      and(
        sql`${telegramOutbox.state} <> 'pending'`,
        sql`${telegramOutbox.createdAt} < now() - make_interval(days => ${days})`,
      ),
    )
    .returning({ id: telegramOutbox.id });
  return deleted.length;
}
