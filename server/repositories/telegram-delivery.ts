import { and, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rowsOf } from '../db/client';
import { calls, orders, restaurants, telegramOutbox } from '../db/schema';
import type { PaceLimits } from '../telegram/chat-pace';
import { presentStaffCall } from './calls';
import { presentStaffOrder } from './orders';
import { recordStaffEvent } from './staff-events';

/** SQL of Telegram delivery: which outbox rows a sender takes, and how each delivery ended. */

export type OutboxRow = typeof telegramOutbox.$inferSelect;

export interface ClaimOptions {
  /** At most this many chats (restaurants), one delivery each. */
  limit: number;
  /** How long the claim holds: as long as one delivery can take (its call's timeout and a margin), no longer. */
  leaseSeconds: number;
  /** Telegram's pace per chat, kept here for every process (server/telegram/chat-pace.ts). */
  pace: PaceLimits;
}

/**
 * One delivery: a row, or, for a chat whose waiting sends are more than it may send in the coming minute, every one
 * of its waiting sends (oldest first) to deliver as one message that names them all.
 */
export interface Claim {
  rows: OutboxRow[];
}

export const SUPERSEDED = 'A newer edit of the same message shows its newest state';

/**
 * Takes due deliveries for this process, at most one per chat, so one chat's messages go one at a time and in order
 * whichever process sends them. A chat's next row is its oldest waiting send, or when none waits its oldest edit: a
 * new order never waits behind edits of old ones (an edit still follows its own send, written before it); a row
 * waiting for its retry or in another process's hands holds back the ones behind it. A chat is taken only when
 * Telegram's pace allows a call now (its last call `minGapMs` ago, and for a send fewer than `sendsPerWindow` sends
 * within `windowMs`), and the call is recorded on the chat in the same transaction: every process keeps the pace.
 * Rows are locked while choosing (FOR UPDATE SKIP LOCKED, the chat's row too) and then leased: a process that died
 * mid-delivery leaves them to the next when the lease runs out.
 *
 * Under a backlog (more waiting sends than the chat may send in its window) the sends are coalesced, so that a new
 * order reaches the channel within a minute whatever came before it; an edit takes with it the later edits of its
 * message (the text is made at delivery, so one edit shows the newest state).
 */
export async function claimDueMessages(db: Db, options: ClaimOptions): Promise<Claim[]> {
  const { pace } = options;
  const gap = sql`make_interval(secs => ${pace.minGapMs / 1000})`;
  const window = sql`make_interval(secs => ${pace.windowMs / 1000})`;
  return db.transaction(async (tx) => {
    // Every chat with something due has its pace row (locked below with its message).
    await tx.execute(sql`
      insert into telegram_chats (restaurant_id)
      select distinct restaurant_id from telegram_outbox where state = 'pending' and next_attempt_at <= now()
      on conflict do nothing`);
    const result = await tx.execute(sql`
      select o.id, o.restaurant_id, o.action, o.body is not null as own_text,
        (select count(*) from unnest(c.recent_sends) s where s > now() - ${window})::int as sent_recently,
        (select count(*) from telegram_outbox q
          where q.restaurant_id = o.restaurant_id and q.state = 'pending' and q.action = 'send'
            and q.body is null)::int as waiting_sends
      from telegram_outbox o
      join telegram_chats c on c.restaurant_id = o.restaurant_id
      where o.state = 'pending' and o.next_attempt_at <= now()
        and not exists (
          select 1 from telegram_outbox p
          where p.restaurant_id = o.restaurant_id and p.state = 'pending'
            and (p.action = 'edit', p.id) < (o.action = 'edit', o.id))
        and (c.last_call_at is null or c.last_call_at <= now() - ${gap})
        and (o.action = 'edit'
          or (select count(*) from unnest(c.recent_sends) s where s > now() - ${window}) < ${pace.sendsPerWindow})
      order by o.next_attempt_at, o.id
      limit ${options.limit}
      for update of o, c skip locked`);
    // At most one row per restaurant already: only its first waiting row passes the NOT EXISTS.
    const heads = rowsOf<{
      id: number | string;
      restaurant_id: string;
      action: 'send' | 'edit';
      own_text: boolean;
      sent_recently: number;
      waiting_sends: number;
    }>(result);
    if (heads.length === 0) return [];

    const groups = new Map<number, number[]>();
    for (const head of heads) {
      const id = Number(head.id);
      const room = pace.sendsPerWindow - Number(head.sent_recently);
      // A message with its own text (the digest) goes as it is, never folded into a summary of orders and calls.
      if (head.action === 'send' && !head.own_text && Number(head.waiting_sends) > room) {
        groups.set(id, await waitingSends(tx, head.restaurant_id));
      } else groups.set(id, [id]);
    }
    const leased = await tx
      .update(telegramOutbox)
      .set({
        attempts: sql`${telegramOutbox.attempts} + 1`,
        next_attempt_at: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where(inArray(telegramOutbox.id, [...groups.values()].flat()))
      .returning();
    const byId = new Map(leased.map((row) => [row.id, row]));
    const claims = [...groups.values()].map((ids) => ({ rows: ids.map((id) => byId.get(id)!) }));

    for (const claim of claims) {
      const head = claim.rows[0]!;
      await recordCall(tx, head.restaurant_id, head.action === 'send', window);
      if (head.action === 'edit') await supersedeLaterEdits(tx, head);
    }
    return claims;
  });
}

/** Every waiting send of an order or call of a chat, oldest first (its head among them), locked for the coalesced delivery. */
async function waitingSends(tx: Executor, restaurantId: string): Promise<number[]> {
  const result = await tx.execute(sql`
    select id from telegram_outbox
    where restaurant_id = ${restaurantId} and state = 'pending' and action = 'send' and body is null
    order by id
    for update`);
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/** The chat's call is now: the next waits its gap, and a send counts against the window. */
async function recordCall(tx: Executor, restaurantId: string, isSend: boolean, window: SQL): Promise<void> {
  const sends = isSend
    ? sql`, recent_sends = array(
        select s from unnest(array_prepend(now(), recent_sends)) s where s > now() - ${window} order by s desc)`
    : sql``;
  await tx.execute(sql`update telegram_chats set last_call_at = now() ${sends} where restaurant_id = ${restaurantId}`);
}

/** The message's later edits are done by this one: it is made from the order or call as it is at delivery. */
async function supersedeLaterEdits(tx: Executor, head: OutboxRow): Promise<void> {
  const subject = head.order_id
    ? eq(telegramOutbox.order_id, head.order_id)
    : eq(telegramOutbox.call_id, head.call_id!);
  await tx
    .update(telegramOutbox)
    .set(finished('skipped', SUPERSEDED))
    .where(
      and(
        subject,
        eq(telegramOutbox.state, 'pending'),
        eq(telegramOutbox.action, 'edit'),
        gt(telegramOutbox.id, head.id),
      ),
    );
}

/** What delivering a row needs: the restaurant's bot and channel, and the order or call as it is now (or its own text). */
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
  if (row.body !== null) return { restaurant, subject: { kind: 'text' as const, body: row.body } };
  if (row.order_id) {
    const [order] = await db.select().from(orders).where(eq(orders._id, row.order_id));
    return order ? { restaurant, subject: { kind: 'order' as const, order } } : undefined;
  }
  const [call] = await db.select().from(calls).where(eq(calls._id, row.call_id!));
  return call ? { restaurant, subject: { kind: 'call' as const, call } } : undefined;
}

export type DeliveryContext = NonNullable<Awaited<ReturnType<typeof deliveryContext>>>;

/** What delivering coalesced sends needs: the restaurant's bot and channel, and what each send was about now. */
export async function coalescedContext(db: Executor, rows: OutboxRow[]) {
  const [restaurant] = await db
    .select({ name: restaurants.name, bot_token: restaurants.bot_token, channel_id: restaurants.channel_id })
    .from(restaurants)
    .where(eq(restaurants._id, rows[0]!.restaurant_id));
  if (!restaurant) return undefined;
  const orderIds = rows.flatMap((row) => (row.order_id ? [row.order_id] : []));
  const callIds = rows.flatMap((row) => (row.call_id ? [row.call_id] : []));
  const orderRows =
    orderIds.length > 0
      ? await db
          .select({
            _id: orders._id,
            number: orders.number,
            table_name: orders.table_name,
            needs_confirmation: orders.needs_confirmation,
          })
          .from(orders)
          .where(inArray(orders._id, orderIds))
      : [];
  const callRows =
    callIds.length > 0
      ? await db
          .select({ _id: calls._id, type: calls.type, table_name: calls.table_name })
          .from(calls)
          .where(inArray(calls._id, callIds))
      : [];
  const order = new Map(rows.map((row, index) => [row.order_id ?? row.call_id, index]));
  const byRow = <T extends { _id: string }>(list: T[]) =>
    list.sort((a, b) => (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0));
  return { restaurant, orders: byRow(orderRows), calls: byRow(callRows) };
}

export type CoalescedContext = NonNullable<Awaited<ReturnType<typeof coalescedContext>>>;

/**
 * Coalesced sends delivered as one message: each row is done. Their orders and calls keep no message of their own (a
 * later status change has nothing to edit; staff follow them in the panel); the restaurant's error clears.
 */
export async function markCoalescedSent(db: Db, rows: OutboxRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(telegramOutbox)
      .set(finished('sent', null))
      .where(
        inArray(
          telegramOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    await tx
      .update(restaurants)
      .set({ telegram_error: null })
      .where(and(eq(restaurants._id, rows[0]!.restaurant_id), isNotNull(restaurants.telegram_error)));
  });
}

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
    } else if (row.call_id) {
      // A call changes once (new → done), so a call whose delivery failed for good has no later delivery: no error
      // of its to clear here, and nothing for the live screens.
      await tx.update(calls).set(set).where(eq(calls._id, row.call_id));
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
    } else if (row.call_id) {
      const [call] = await tx
        .update(calls)
        .set({ telegram_error: reason, updatedAt: sql`now()` })
        .where(eq(calls._id, row.call_id))
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
