import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { posOutbox } from '../../server/db/schema';
import type { PosProvider } from '../../server/integrations/provider';
import { type PosTill, TableOrderError, type TillCallOptions } from '../../server/integrations/till';
import {
  TILL_LEASE_SECONDS,
  TILL_MAX_ATTEMPTS,
  TILL_RETRY_SECONDS,
  TillSender,
  type TillSenderOptions,
} from '../../server/jobs/till-sender';
import { messages, tableOrderFailureReasons } from '../../server/messages';
import { freshDatabase } from '../support/database';
import { createRestaurant } from '../support/fixtures';
import {
  countingClaims,
  dishOf,
  insertOrder,
  keptLog,
  orderRow,
  quietWork,
  secondsUntil,
  until,
} from './jobs-fixtures';

/**
 * One round of the till sender at a time (runOnce), on the real database, sending to a till the test plays: what it
 * claims, what the till is given and by when, how each outcome is recorded, when a till that is away is tried again
 * and when it is given up. The loop's timing itself is jobs-outbox-sender's; the iiko protocol is till-orders'.
 */

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
const db = () => database.db;

/** A till whose every call the test may replace; by default it takes the order and says it is on check 42. */
function tillOf(calls: Partial<PosTill> = {}): { provider: PosProvider; till: PosTill } {
  const notHere = () => Promise.reject(new Error('not called in these tests'));
  const till: PosTill = {
    requireAlive: async () => {},
    createOrder: async () => ({ commandId: 'command-1' }),
    addItems: notHere,
    commandStatus: async () => ({ state: 'Success' }),
    order: async () => ({ creation: 'Success', failure: null, open: true, number: 42, positionIds: [] }),
    ...calls,
  };
  const provider: PosProvider = {
    name: 'test-pos',
    listOrganizations: notHere,
    fetchMenu: notHere,
    fetchStopList: notHere,
    till,
  };
  return { provider, till };
}

/** An order of an integration restaurant on the test's POS, waiting in pos_outbox (due now unless told). */
async function queuedOrder(values: Partial<typeof posOutbox.$inferInsert> = {}) {
  const restaurant = await createRestaurant(db(), {
    type: 'integration',
    integration_provider: 'test-pos',
    integration_id: `organization-${randomUUID()}`,
    pos_terminal_group_id: 'terminal-group-1',
  });
  const dish = await dishOf(db(), restaurant._id, { external_id: 'pos-dish-1' });
  const order = await insertOrder(db(), restaurant._id, [{ product_id: dish._id, name: dish.name }], {
    pos: { status: 'sending', error: null, number: null },
  });
  const [row] = await db()
    .insert(posOutbox)
    .values({ order_id: order._id, restaurant_id: restaurant._id, ...values })
    .returning();
  return { restaurant, order, row: row! };
}

const rowOf = async (id: number) => (await db().select().from(posOutbox).where(eq(posOutbox.id, id)))[0]!;
/** The row due again now, as if its wait had passed. */
const dueNow = (id: number) => db().update(posOutbox).set({ next_attempt_at: sql`now()` }).where(eq(posOutbox.id, id));

function sender(provider: PosProvider | null, options: Partial<TillSenderOptions> = {}) {
  const { warned, log } = keptLog();
  const made = new TillSender({ deps: { db: db(), work: quietWork(db()), provider, log }, ...options });
  return { sender: made, warned };
}

describe('a round of the till sender', () => {
  it('gives the till each due order before the lease ends, and records the check it went to', async () => {
    const calls: { name: string; at: number; leftMs: number | undefined; leaseSeconds?: number }[] = [];
    const note = async (name: string, options: TillCallOptions, row?: number) =>
      calls.push({
        name,
        at: Date.now(),
        leftMs: options.deadline === undefined ? undefined : options.deadline - Date.now(),
        ...(row === undefined ? {} : { leaseSeconds: await secondsUntil(db(), 'pos_outbox', row) }),
      });
    const { restaurant, order, row } = await queuedOrder();
    const later = await queuedOrder({ next_attempt_at: new Date(Date.now() + 60_000).toISOString() });
    const given: string[] = [];
    const { provider } = tillOf({
      requireAlive: async (_organization, _group, options) => {
        await note('requireAlive', options, row.id);
      },
      createOrder: async (organization, group, tillOrder, options) => {
        given.push(`${organization} ${group} ${tillOrder.id} ${tillOrder.lines.map((line) => line.productId)}`);
        await note('createOrder', options);
        return { commandId: 'command-1' };
      },
      commandStatus: async (_organization, _command, options) => {
        await note('commandStatus', options);
        return { state: 'Success' };
      },
    });

    expect(await sender(provider).sender.runOnce()).toBe(1);

    expect(given).toEqual([`${restaurant.integration_id} terminal-group-1 ${order._id} pos-dish-1`]);
    // The calls get the 15-second lease less its 5-second margin; the row is this claim's for all 15.
    expect(TILL_LEASE_SECONDS).toBe(15);
    expect(calls[0]!.leaseSeconds).toBeGreaterThan(13);
    expect(calls[0]!.leaseSeconds).toBeLessThanOrEqual(15);
    for (const call of calls) {
      expect(call.leftMs).toBeGreaterThan(8000);
      expect(call.leftMs).toBeLessThanOrEqual(10_000);
    }
    // The command's state is first asked one poll (200 ms) after the till accepted it.
    const [created, asked] = [
      calls.find((c) => c.name === 'createOrder')!,
      calls.find((c) => c.name === 'commandStatus')!,
    ];
    expect(asked.at - created.at).toBeGreaterThanOrEqual(190);
    expect(await rowOf(row.id)).toMatchObject({ state: 'sent', attempts: 1, pos_order_id: order._id, command: null });
    expect((await orderRow(db(), order._id)).pos).toEqual({ status: 'sent', error: null, number: 42 });
    // Not due yet: left for a later round.
    expect(await rowOf(later.row.id)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('fails an order at once, with why, when its restaurant has no till to send to', async () => {
    const { order, row } = await queuedOrder();
    expect(await sender(null).sender.runOnce()).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', last_error: messages.tillNotConnected });
    expect((await orderRow(db(), order._id)).pos).toEqual({
      status: 'failed',
      error: messages.tillNotConnected,
      number: null,
    });
  });

  it('tries a till that is away again as TILL_RETRY_SECONDS says, and gives up at TILL_MAX_ATTEMPTS', async () => {
    const offline = new TableOrderError('terminal-offline', 'iikoFront is offline');
    const { provider } = tillOf({
      requireAlive: () => Promise.reject(offline),
      // Nothing of the order reached the till on an earlier try.
      order: async () => null,
    });
    const { sender: tillSender, warned } = sender(provider);
    const { order, row } = await queuedOrder();

    await tillSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1, last_error: 'iikoFront is offline' });
    expect(TILL_RETRY_SECONDS[0]).toBe(1);
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeGreaterThan(0);
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeLessThanOrEqual(1);
    expect(warned).toEqual([
      {
        details: { order: order._id, attempt: 1, err: 'iikoFront is offline' },
        message: 'Till order: trying again',
      },
    ]);

    // The ninth try waits the table's ninth delay, a minute.
    await db()
      .update(posOutbox)
      .set({ attempts: TILL_MAX_ATTEMPTS - 2 })
      .where(eq(posOutbox.id, row.id));
    await dueNow(row.id);
    await tillSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: TILL_MAX_ATTEMPTS - 1 });
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeGreaterThan(58);

    await dueNow(row.id);
    await tillSender.runOnce();
    const reason = tableOrderFailureReasons['terminal-offline'];
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', attempts: TILL_MAX_ATTEMPTS, last_error: reason });
    expect((await orderRow(db(), order._id)).pos).toEqual({ status: 'failed', error: reason, number: null });
  });

  it('takes its retries, attempts, lease and poll from the options given', async () => {
    const leases: number[] = [];
    const left: number[] = [];
    const { provider } = tillOf({
      requireAlive: async (_organization, _group, options) => {
        left.push(options.deadline! - Date.now());
        leases.push(await secondsUntil(db(), 'pos_outbox', row.id));
        throw new TableOrderError('timeout', 'iiko took too long');
      },
      order: async () => null,
    });
    const { row } = await queuedOrder();
    const { sender: tillSender } = sender(provider, { retrySeconds: [7], maxAttempts: 2, leaseSeconds: 6 });

    await tillSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeGreaterThan(5);
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeLessThanOrEqual(7);
    // A 6-second lease: the row is held 6 s, the calls get two thirds of it.
    expect(leases[0]).toBeGreaterThan(4);
    expect(leases[0]).toBeLessThanOrEqual(6);
    expect(left[0]).toBeGreaterThan(2000);
    expect(left[0]).toBeLessThanOrEqual(4000);

    await dueNow(row.id);
    await tillSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('logs an outcome it could not record, and leaves the row to the next claim after its lease', async () => {
    const { row } = await queuedOrder();
    const { warned, log } = keptLog();
    const failure = new Error('commit failed');
    const tillSender = new TillSender({
      deps: { db: db(), work: () => Promise.reject(failure), provider: null, log },
    });

    expect(await tillSender.runOnce()).toBe(1);

    expect(warned).toEqual([
      { details: { err: failure, outboxRow: row.id, requestId: null }, message: 'Till order: recording failed' },
    ]);
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await secondsUntil(db(), 'pos_outbox', row.id)).toBeGreaterThan(13);
  });
});

describe('the till sender running', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks for due orders every tickMs without being woken', async () => {
    // Rows of the tests above whose lease runs out meanwhile would be claimed too.
    await db().delete(posOutbox);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const counted = countingClaims(db());
    const { log } = keptLog();
    const tillSender = new TillSender({
      deps: { db: counted.db, work: quietWork(db()), provider: null, log },
      tickMs: 40,
    });
    try {
      tillSender.start();
      await vi.advanceTimersByTimeAsync(0);
      await until(() => counted.ended() === 1, 'the first claim');
      // Written without a wake (as by another process): found at the next tick.
      const { row } = await queuedOrder();
      await vi.advanceTimersByTimeAsync(39);
      expect(counted.claims()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(counted.claims()).toBe(2);
      await until(async () => (await rowOf(row.id)).state === 'failed', 'the order sent');
    } finally {
      await tillSender.stop();
    }
  });
});
