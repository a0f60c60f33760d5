/**
 * Telegram's pace for one chat, kept per restaurant (one restaurant, one channel): about one message a second and
 * twenty a minute in a group or channel (../shared/telegram/README.md). Every process keeps it through the database:
 * the claim of a message (server/repositories/telegram-delivery.ts) takes a chat only when these limits allow a call
 * now, and records the call in the same transaction, so two processes never send a chat more than Telegram allows.
 */

export const MIN_GAP_MS = 1000;
export const SENDS_PER_MINUTE = 20;

export interface PaceLimits {
  /** Between two calls (sends or edits) to one chat. */
  minGapMs: number;
  /** At most this many sends (edits are not counted) within `windowMs`. */
  sendsPerWindow: number;
  windowMs: number;
}

export const TELEGRAM_PACE: PaceLimits = { minGapMs: MIN_GAP_MS, sendsPerWindow: SENDS_PER_MINUTE, windowMs: 60_000 };

/** No pace at all: tests of other things, where one message may follow another at once. */
export const NO_PACE: PaceLimits = { minGapMs: 0, sendsPerWindow: 1_000_000, windowMs: 60_000 };
