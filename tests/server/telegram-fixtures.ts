import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../server/db/client';
import { restaurants, telegramOutbox } from '../../server/db/schema';
import type { SimUser, TelegramSimulator } from '../../server/dev/telegram/server';
import { DEFAULT_PRESSER } from '../../server/dev/telegram/state';

/** A bot and its channel in the Bot API simulator, the bot allowed to post: what a restaurant's settings name. */

let nextBot = 710_000_000;
let nextChat = -1_002_000_000_000;

export interface TestBot {
  token: string;
  channelId: number;
  channel: string;
}

/**
 * A new bot with a channel it may post in (or, with `canPost: false`, one it was added to without that right), whose
 * administrators are `admins` (by default the simulator's default presser: its presses count).
 */
export function addBotAndChannel(
  sim: TelegramSimulator,
  options: { canPost?: boolean; admins?: SimUser[] } = {},
): TestBot {
  nextBot += 1;
  nextChat -= 1;
  const token = `${nextBot}:AA${randomBytes(24).toString('base64url')}`;
  sim.control.addBot({ token, username: `menyu_test_${nextBot}_bot` });
  sim.control.addChat({ id: nextChat, type: 'channel', title: `Kanal ${-nextChat}` });
  sim.control.setMember(nextChat, token, 'administrator', options.canPost ?? true);
  for (const admin of options.admins ?? [DEFAULT_PRESSER]) sim.control.setUserMember(nextChat, admin, 'administrator');
  return { token, channelId: nextChat, channel: String(nextChat) };
}

/** Gives a restaurant a bot and channel directly (the save's checks are tested on their own). */
export async function connectTelegram(db: Executor, restaurantId: string, bot: TestBot): Promise<void> {
  await db
    .update(restaurants)
    .set({ bot_token: bot.token, channel_id: bot.channel })
    .where(eq(restaurants._id, restaurantId));
}

export async function outboxOf(db: Executor, restaurantId: string) {
  return db
    .select()
    .from(telegramOutbox)
    .where(eq(telegramOutbox.restaurant_id, restaurantId))
    .orderBy(telegramOutbox.id);
}

/** Makes a restaurant's waiting rows due now, as if their time had come (instead of sleeping in a test). */
export async function makeDue(db: Executor, restaurantId: string): Promise<void> {
  await db
    .update(telegramOutbox)
    .set({ next_attempt_at: sql`now()` })
    .where(eq(telegramOutbox.restaurant_id, restaurantId));
}

/** Seconds from now to a row's next attempt (by the database's clock). */
export async function secondsUntilNextAttempt(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`extract(epoch from ${telegramOutbox.next_attempt_at} - now())::float8` })
    .from(telegramOutbox)
    .where(eq(telegramOutbox.id, id));
  return Number(row!.s);
}
