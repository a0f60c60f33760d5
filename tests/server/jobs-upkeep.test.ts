import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  insightRollups,
  paymentTransactions,
  staffEvents,
  telegramOutbox,
  telegramUpdates,
  usedEventTickets,
} from '../../server/db/schema';
import { CLICK_HOLD_MS } from '../../server/domain/payments/click-expiry';
import { Scheduler } from '../../server/jobs/scheduler';
import { INSIGHTS_ROLLUP, scheduleUpkeep } from '../../server/jobs/upkeep';
import { createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { postClick, prepareFields, signed } from './click-fixtures';
import { insertOrder, keptLog } from './jobs-fixtures';
import { getBill, order, payingRestaurant, pendingPayment } from './payments-fixtures';

/**
 * The upkeep every server runs (server/jobs/upkeep.ts) on a scheduler of the test's own: when each job first runs and
 * how often (vitest's setTimeout), and what each round removes, rolls up or frees, and what it keeps.
 */

const t = setupTenants();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const made: Scheduler[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(made.splice(0).map((jobs) => jobs.close()));
});

/** A process's scheduler with the upkeep, its leases counted in a clock the test moves (each a day after the last's). */
let epoch = Date.parse('2030-01-01T09:00:00Z');
function upkeep() {
  epoch += DAY;
  let now = epoch;
  const jobs = new Scheduler({ db: t.db, log: keptLog().log, owner: randomUUID(), clock: () => new Date(now) });
  scheduleUpkeep(jobs, t.db, t.app.work);
  made.push(jobs);
  return { jobs, advance: (ms: number) => (now += ms) };
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('the upkeep jobs', () => {
  it('prune hourly, roll up the report every ten minutes, queue digests and free Click holds every five, each first a minute after start', async () => {
    const { jobs } = upkeep();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The rounds the timers start are seen, not run: no query waits on the database while fake time jumps ahead.
    const runs = vi.spyOn(jobs, 'runDue').mockResolvedValue('skipped');
    const started = () => runs.mock.calls.map(([name]) => name);
    const count = (name: string) => started().filter((job) => job === name).length;
    const pruning = [
      'prune-staff-events',
      'prune-event-tickets',
      'prune-telegram-outbox',
      'prune-telegram-updates',
      'prune-rate-limits',
    ];
    jobs.start();

    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(started()).toEqual([]);
    // Every upkeep job's first round, a minute after start; then none for a while.
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toEqual(jobs.names());
    expect(started()).toEqual(
      expect.arrayContaining([...pruning, 'roll-up-insights', 'queue-digests', 'release-click-holds']),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(started()).toHaveLength(jobs.names().length);
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1001);
    expect(count('release-click-holds')).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([count('release-click-holds'), count('queue-digests'), count('roll-up-insights')]).toEqual([2, 2, 1]);
    // An hour after the first rounds: each prune has run twice, the roll-up seven times, the five-minute jobs thirteen.
    await vi.advanceTimersByTimeAsync(HOUR - 5 * MINUTE);
    expect(pruning.map(count)).toEqual([2, 2, 2, 2, 2]);
    expect([count('roll-up-insights'), count('queue-digests'), count('release-click-holds')]).toEqual([7, 13, 13]);
  });

  it('each prunes what is kept no longer, and keeps the rest', async () => {
    const restaurant = await createRestaurant(t.db);
    const placed = await insertOrder(t.db, restaurant._id, []);
    const event = (createdAt: string) => ({
      restaurant_id: restaurant._id,
      type: 'order.updated' as const,
      data: {},
      createdAt,
    });
    const events = await t.db
      .insert(staffEvents)
      .values([event(ago(DAY + MINUTE)), event(ago(DAY - MINUTE))])
      .returning({ id: staffEvents.id });
    // A ticket is valid for a minute; used ones are kept five minutes past that.
    const [oldTicket, newTicket] = [randomUUID(), randomUUID()];
    await t.db.insert(usedEventTickets).values([
      { ticket_id: oldTicket, usedAt: ago(7 * MINUTE) },
      { ticket_id: newTicket, usedAt: ago(5 * MINUTE) },
    ]);
    const message = (state: 'sent' | 'pending', createdAt: string) => ({
      restaurant_id: restaurant._id,
      order_id: placed._id,
      action: 'edit' as const,
      state,
      createdAt,
    });
    const messages = await t.db
      .insert(telegramOutbox)
      .values([message('sent', ago(8 * DAY)), message('sent', ago(6 * DAY)), message('pending', ago(30 * DAY))])
      .returning({ id: telegramOutbox.id });
    const bot = `bot-${randomUUID()}`;
    await t.db.insert(telegramUpdates).values([
      { bot_id: bot, update_id: 1, createdAt: ago(3 * DAY) },
      { bot_id: bot, update_id: 2, createdAt: ago(1 * DAY) },
    ]);

    const { jobs } = upkeep();
    for (const name of [
      'prune-staff-events',
      'prune-event-tickets',
      'prune-telegram-outbox',
      'prune-telegram-updates',
    ]) {
      expect(await jobs.runDue(name)).toBe('ran');
    }

    const ids = <T>(rows: { id: T }[]) => rows.map((row) => row.id);
    const keptEvents = await t.db
      .select({ id: staffEvents.id })
      .from(staffEvents)
      .where(inArray(staffEvents.id, ids(events)));
    expect(ids(keptEvents)).toEqual([events[1]!.id]);
    const keptTickets = await t.db
      .select({ id: usedEventTickets.ticket_id })
      .from(usedEventTickets)
      .where(inArray(usedEventTickets.ticket_id, [oldTicket, newTicket]));
    expect(ids(keptTickets)).toEqual([newTicket]);
    const keptMessages = await t.db
      .select({ id: telegramOutbox.id })
      .from(telegramOutbox)
      .where(inArray(telegramOutbox.id, ids(messages)));
    expect(ids(keptMessages).sort()).toEqual([messages[1]!.id, messages[2]!.id].sort());
    const keptUpdates = await t.db.select().from(telegramUpdates).where(eq(telegramUpdates.bot_id, bot));
    expect(keptUpdates.map((row) => row.update_id)).toEqual([2]);
  });

  it("rolls up the owner's report to the hours that have settled", async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
    await t.db
      .insert(insightRollups)
      .values({ id: 1, rolled_until: threeDaysAgo })
      .onConflictDoUpdate({ target: insightRollups.id, set: { rolled_until: threeDaysAgo } });

    const { jobs } = upkeep();
    expect(await jobs.runDue('roll-up-insights')).toBe('ran');

    const [watermark] = await t.db.select().from(insightRollups);
    // Up to the last whole hour that ended six hours ago.
    const settled = Date.now() - INSIGHTS_ROLLUP.settleMs;
    expect(Date.parse(watermark!.rolled_until)).toBeGreaterThan(settled - HOUR);
    expect(Date.parse(watermark!.rolled_until)).toBeLessThanOrEqual(settled);
  });

  it('queues the daily digest of a restaurant whose digest time has come, to its Telegram channel', async () => {
    const restaurant = await createRestaurant(t.db, {
      digest_time: '00:00',
      bot_token: '123456:test-token',
      channel_id: '-1001234567890',
    });

    const { jobs } = upkeep();
    expect(await jobs.runDue('queue-digests')).toBe('ran');

    const queued = await t.db.select().from(telegramOutbox).where(eq(telegramOutbox.restaurant_id, restaurant._id));
    expect(queued.map((row) => [row.action, typeof row.body])).toEqual([['send', 'string']]);
  });

  it('frees a bill a Click Prepare has held past its time', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const prepared = await postClick(
      t.app,
      s.restaurant._id,
      'prepare',
      signed(prepareFields(payment._id, '25000.00')),
    );
    expect(prepared.json().error).toBe(0);
    const statuses = async () =>
      (await getBill(t, s.restaurant.slug, s.table.token))
        .json()
        .data.orders.map((o: { payment_status: string }) => o.payment_status);
    expect(await statuses()).toEqual(['pending']);
    await t.db
      .update(paymentTransactions)
      .set({ create_time: Date.now() - CLICK_HOLD_MS - 1 })
      .where(eq(paymentTransactions.payment_id, payment._id));

    const { jobs, advance } = upkeep();
    expect(await jobs.runDue('release-click-holds')).toBe('ran');
    expect(await statuses()).toEqual(['unpaid']);
    // Its next round is five minutes on (less the scheduler's slack of five seconds).
    advance(5 * MINUTE - 6000);
    expect(await jobs.runDue('release-click-holds')).toBe('skipped');
    advance(1000);
    expect(await jobs.runDue('release-click-holds')).toBe('ran');
  });
});
