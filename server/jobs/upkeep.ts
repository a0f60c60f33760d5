import type { Db } from '../db/client';
import { queueDueDigests } from '../domain/insights/digest';
import { releaseStaleClickHolds } from '../domain/payments/click-expiry';
import type { RunWork } from '../domain/unit-of-work';
import { TICKET_TTL_SECONDS } from '../events/tickets';
import { pruneUsedEventTickets } from '../repositories/event-tickets';
import { rollUpInsights } from '../repositories/insights';
import { pruneRateLimitWindows } from '../repositories/rate-limits';
import { pruneStaffEvents } from '../repositories/staff-events';
import { pruneOutbox } from '../repositories/telegram-delivery';
import { pruneUpdates } from '../repositories/telegram-updates';
import type { Scheduler } from './scheduler';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Staff events are kept for a day: a panel offline for longer starts from what is kept (it reloads its lists anyway). */
export const KEEP_STAFF_EVENTS_MS = 24 * HOUR;
/** Used tickets are kept past their validity by a margin (clocks of several processes differ a little). */
const KEEP_USED_TICKETS_MS = (TICKET_TTL_SECONDS + 5 * 60) * 1000;
/** Delivered, skipped and failed Telegram messages; pending ones are never pruned. */
const KEEP_FINISHED_OUTBOX_DAYS = 7;
/**
 * Hours of orders and calls are rolled up this long after they end, a month of hours at most per round; then the local
 * days the watermark passed are summed into days and months, a month of days for up to 500 restaurants per round (a
 * platform's day is 2,500 restaurant-days: a few rounds a day; a long pause or a zone change catches up over rounds).
 */
export const INSIGHTS_ROLLUP = {
  settleMs: 6 * HOUR,
  maxHours: 31 * 24,
  summaries: { maxDays: 31, maxRestaurants: 500 },
};
/** Telegram never sends an update again after a day. */
const KEEP_TELEGRAM_UPDATES_DAYS = 2;

/**
 * The tables that only grow unless pruned, each its own job (one failing leaves the others to run): hourly, once
 * across the processes, the first a minute after start (not in the way of start-up, nor of a short-lived test app).
 */
export function scheduleUpkeep(jobs: Scheduler, db: Db, work: RunWork): void {
  const prune = (name: string, work: () => Promise<unknown>) =>
    jobs.every(name, HOUR, () => work(), { firstAfterMs: MINUTE });
  prune('prune-staff-events', () => pruneStaffEvents(db, KEEP_STAFF_EVENTS_MS));
  prune('prune-event-tickets', () => pruneUsedEventTickets(db, KEEP_USED_TICKETS_MS));
  prune('prune-telegram-outbox', () => pruneOutbox(db, KEEP_FINISHED_OUTBOX_DAYS));
  prune('prune-telegram-updates', () => pruneUpdates(db, KEEP_TELEGRAM_UPDATES_DAYS));
  // A window that ended refuses nobody; a process still counting in it starts a new one when it shares.
  prune('prune-rate-limits', () => pruneRateLimitWindows(db, new Date(Date.now() - MINUTE)));
  // The owner's report: orders and calls rolled up into hourly totals once their hour has settled (an order is
  // accepted, served or cancelled within hours), and whole local days into daily and monthly totals; a long pause is
  // caught up a month per round.
  jobs.every('roll-up-insights', 10 * MINUTE, () => rollUpInsights(db, INSIGHTS_ROLLUP), { firstAfterMs: MINUTE });
  // Each restaurant's daily digest to its Telegram channel, at its digest_time (a round every few minutes: it goes
  // within five minutes of the time).
  jobs.every('queue-digests', 5 * MINUTE, () => queueDueDigests({ db, work }), { firstAfterMs: MINUTE });
  // A bill held by a Click Prepare whose Complete never came is freed for cash or another payment.
  jobs.every('release-click-holds', 5 * MINUTE, () => releaseStaleClickHolds({ db, work }), { firstAfterMs: MINUTE });
}
