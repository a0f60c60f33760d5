import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client';
import { calls, orders, restaurants, type TelegramAction, telegramOutbox } from '../db/schema';
import { currentRequestId } from '../request-context';

/**
 * Writing to Telegram delivery's outbox, from the transactions of orders and calls. What the sender does
 * with the rows is telegram-delivery.ts.
 */

export type OutboxSubject = { order_id: string } | { call_id: string };

/**
 * Adds a message to deliver, inside the transaction of the order, call or change it is about, when the restaurant has
 * both a bot token and a channel (otherwise nothing is written: a restaurant without Telegram gets no rows).
 * An `edit` is only written for a subject whose message was sent or is still to be sent: an order made before the
 * restaurant set up Telegram gets no edit of a message that never existed. Answers whether a row was written (the
 * sender is woken only then).
 */
export async function enqueueTelegram(
  tx: Executor,
  restaurantId: string,
  subject: OutboxSubject,
  action: TelegramAction,
): Promise<boolean> {
  const orderId = 'order_id' in subject ? subject.order_id : null;
  const callId = 'call_id' in subject ? subject.call_id : null;
  const subjectTable = orderId ? orders : calls;
  const subjectColumn = orderId ? telegramOutbox.order_id : telegramOutbox.call_id;
  const subjectId = (orderId ?? callId)!;
  const hasMessage =
    action === 'send'
      ? sql`true`
      : sql`(exists (select 1 from ${subjectTable} where ${subjectTable._id} = ${subjectId} and ${subjectTable.telegram_message_id} is not null)
          or exists (select 1 from ${telegramOutbox} where ${subjectColumn} = ${subjectId} and ${telegramOutbox.action} = 'send' and ${telegramOutbox.state} = 'pending'))`;
  const queued = await tx.execute(sql`
    insert into ${telegramOutbox} (restaurant_id, order_id, call_id, action, request_id)
    select ${restaurants._id}, ${orderId}::uuid, ${callId}::uuid, ${action}, ${currentRequestId()}::text
    from ${restaurants}
    where ${deliversToTelegram(restaurantId)} and ${hasMessage}
    returning ${telegramOutbox.id}`);
  return rowsOf(queued).length > 0;
}

/** The restaurants row of `restaurantId` when it has both a bot token and a channel. */
const deliversToTelegram = (restaurantId: string) =>
  sql`${restaurants._id} = ${restaurantId} and ${restaurants.bot_token} is not null and ${restaurants.channel_id} is not null`;

/**
 * enqueueTelegram's `send` for each order `made` yields (a query of its `id`, `restaurant_id`, `number` and
 * `request_id`, e.g. of a CTE that just made them), as the body of a CTE in a larger statement, in the orders' numbers'
 * order (the sender sends a chat's messages in the order of their rows); it answers `order_id` per row written.
 */
export function queueingOrderSends(made: SQL): SQL {
  return sql`insert into ${telegramOutbox} (restaurant_id, order_id, action, request_id)
    select made.restaurant_id, made.id, 'send', made.request_id from (${made}) made
    join ${restaurants} on ${restaurants._id} = made.restaurant_id
      and ${restaurants.bot_token} is not null and ${restaurants.channel_id} is not null
    order by made.number
    returning ${telegramOutbox.order_id}`;
}

/**
 * The day's digest for the restaurant's channel, once per its day across processes: the restaurant's `digest_sent_on`
 * moves to `day` in the same statement that queues the message, and only if it was before `day` (a second process
 * finds it moved and writes nothing). Answers whether it was queued.
 */
export async function queueDigest(tx: Executor, restaurantId: string, day: string, body: string): Promise<boolean> {
  const queued = await tx.execute(sql`
    with claimed as (
      update ${restaurants} set digest_sent_on = ${day}::date
      where ${deliversToTelegram(restaurantId)} and (digest_sent_on is null or digest_sent_on < ${day}::date)
      returning ${restaurants._id}
    )
    insert into ${telegramOutbox} (restaurant_id, body, action)
    select id, ${body}, 'send' from claimed
    returning ${telegramOutbox.id}`);
  return rowsOf(queued).length > 0;
}

/** A restaurant whose digest is due now: its day and the day before in its time zone. */
export interface DueDigest {
  _id: string;
  name: string;
  time_zone: string;
  digest_time: string;
  today: string;
  yesterday: string;
}

/**
 * The restaurants with Telegram whose digest time has come today in their time zone and whose digest of today was not
 * queued yet.
 */
export async function dueDigests(db: Executor): Promise<DueDigest[]> {
  const result = await db.execute(sql`
    select id as "_id", name, time_zone, digest_time,
      to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today,
      to_char((now() at time zone time_zone)::date - 1, 'YYYY-MM-DD') as yesterday
    from ${restaurants}
    where digest_time is not null and bot_token is not null and channel_id is not null
      and to_char(now() at time zone time_zone, 'HH24:MI') >= digest_time
      and (digest_sent_on is null or digest_sent_on < (now() at time zone time_zone)::date)`);
  return rowsOf<DueDigest>(result);
}
