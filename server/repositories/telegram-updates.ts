import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { calls, orders, restaurants, telegramPollers, telegramUpdates } from '../db/schema';

/** SQL of what staff do from Telegram: updates handled once, the pollers' leases and offsets. */

/** Remembers an update; answers false when this bot's update was handled already (Telegram sent it again). */
export async function rememberUpdate(tx: Executor, botId: string, updateId: number): Promise<boolean> {
  const inserted = await tx
    .insert(telegramUpdates)
    .values({ bot_id: botId, update_id: updateId })
    .onConflictDoNothing()
    .returning({ id: telegramUpdates.update_id });
  return inserted.length > 0;
}

/** Forgets updates older than `days` (Telegram never sends one again after a day). */
export async function pruneUpdates(db: Executor, days: number): Promise<void> {
  await db.delete(telegramUpdates).where(sql`${telegramUpdates.createdAt} < now() - make_interval(days => ${days})`);
}

/** An order with its restaurant's bot token (whose bot may act on it), channel and linked staff, or undefined. */
export async function orderWithBot(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      bot_token: restaurants.bot_token,
      channel_id: restaurants.channel_id,
      telegram_staff: restaurants.telegram_staff,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants._id, orders.restaurant_id))
    .where(eq(orders._id, orderId));
  return row;
}

export async function callWithBot(db: Executor, callId: string) {
  const [row] = await db
    .select({
      call: calls,
      bot_token: restaurants.bot_token,
      channel_id: restaurants.channel_id,
      telegram_staff: restaurants.telegram_staff,
    })
    .from(calls)
    .innerJoin(restaurants, eq(restaurants._id, calls.restaurant_id))
    .where(eq(calls._id, callId));
  return row;
}

/** A restaurant's bot and webhook secret (the webhook route checks the secret). */
export async function restaurantBot(db: Executor, restaurantId: string) {
  const [row] = await db
    .select({
      bot_token: restaurants.bot_token,
      channel_id: restaurants.channel_id,
      secret: restaurants.telegram_webhook_secret,
    })
    .from(restaurants)
    .where(eq(restaurants._id, restaurantId));
  return row;
}

export async function saveWebhookSecret(db: Executor, restaurantId: string, secret: string | null): Promise<void> {
  await db.update(restaurants).set({ telegram_webhook_secret: secret }).where(eq(restaurants._id, restaurantId));
}

/** Every bot token that delivers for some restaurant (token and channel both set): the bots to poll. */
export async function deliveringBotTokens(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ token: restaurants.bot_token })
    .from(restaurants)
    .where(and(isNotNull(restaurants.bot_token), isNotNull(restaurants.channel_id)));
  return rows.map((row) => row.token!);
}

/**
 * Takes or keeps the right to poll a bot for `seconds`: granted when nobody holds it, the holder's lease ran out, or
 * this process holds it already. Answers the offset to poll from, or undefined when another process polls it.
 */
export async function leasePoller(
  db: Executor,
  botId: string,
  owner: string,
  seconds: number,
): Promise<number | undefined> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const [row] = await db
    .insert(telegramPollers)
    .values({ bot_id: botId, owner, lease_until: until })
    .onConflictDoUpdate({
      target: telegramPollers.bot_id,
      set: { owner, lease_until: until },
      setWhere: or(eq(telegramPollers.owner, owner), lt(telegramPollers.lease_until, sql`now()`)),
    })
    .returning({ offset: telegramPollers.next_offset });
  return row ? Number(row.offset) : undefined;
}

/** The updates up to `offset - 1` are handled: the next poll (by whichever process) starts at `offset`. */
export async function savePollOffset(db: Executor, botId: string, owner: string, offset: number): Promise<void> {
  await db
    .update(telegramPollers)
    .set({ next_offset: offset })
    .where(and(eq(telegramPollers.bot_id, botId), eq(telegramPollers.owner, owner)));
}

/** A poller that stops hands its bot over at once (its lease ends now). */
export async function releasePoller(db: Executor, botId: string, owner: string): Promise<void> {
  await db
    .update(telegramPollers)
    .set({ lease_until: sql`now()` })
    .where(and(eq(telegramPollers.bot_id, botId), eq(telegramPollers.owner, owner)));
}

/** The restaurants that deliver (token and channel set), with their bot tokens: webhooks to register at start. */
export async function deliveringRestaurants(db: Executor): Promise<{ _id: string; bot_token: string }[]> {
  const rows = await db
    .select({ _id: restaurants._id, bot_token: restaurants.bot_token })
    .from(restaurants)
    .where(and(isNotNull(restaurants.bot_token), isNotNull(restaurants.channel_id)))
    .orderBy(restaurants._id);
  return rows.map((row) => ({ _id: row._id, bot_token: row.bot_token! }));
}

/** Records (or clears, with null) why Telegram cannot deliver for a restaurant: shown on the restaurant. */
export async function setRestaurantTelegramError(
  db: Executor,
  restaurantId: string,
  error: string | null,
): Promise<void> {
  await db.update(restaurants).set({ telegram_error: error }).where(eq(restaurants._id, restaurantId));
}
