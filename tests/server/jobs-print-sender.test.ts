import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { kitchenStations, printOutbox } from '../../server/db/schema';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { PRINT_MAX_ATTEMPTS, PRINT_RETRY_SECONDS } from '../../server/domain/kitchen/print-ticket';
import type { RunWork } from '../../server/domain/unit-of-work';
import { PRINT_LEASE_SECONDS, PrintSender, type PrintSenderOptions } from '../../server/jobs/print-sender';
import { messages } from '../../server/messages';
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
 * One round of the kitchen's ticket printer job at a time (runOnce), on the real database, printing to the printer
 * simulator over TCP: what it claims, how each ticket's outcome is recorded, when a printer that does not answer is
 * tried again and when given up, and which addresses it refuses. The loop's timing itself is jobs-outbox-sender's.
 */

let database: Database;
let printer: PrinterSimulator;
beforeAll(async () => {
  database = await freshDatabase();
  printer = await startPrinterSimulator({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await printer.close();
  await database.close();
});
afterEach(() => {
  printer.setOn(true);
});
const db = () => database.db;

/** A ticket of a one-dish order for the station "Oshxona" (its printer the simulator unless told), due now. */
async function queuedTicket(station: { printer?: boolean } = {}) {
  const restaurant = await createRestaurant(db());
  const [oshxona] = await db()
    .insert(kitchenStations)
    .values({
      restaurant_id: restaurant._id,
      name: 'Oshxona',
      printer: station.printer === false ? null : { host: '127.0.0.1', port: printer.port, width: 58 },
    })
    .returning();
  const dish = await dishOf(db(), restaurant._id, { station_id: oshxona!._id });
  const order = await insertOrder(db(), restaurant._id, [
    { product_id: dish._id, name: 'Tandir somsa', station_id: oshxona!._id },
  ]);
  const [row] = await db().insert(printOutbox).values({ order_id: order._id, station_id: oshxona!._id }).returning();
  return { order, row: row! };
}

const rowOf = async (id: number) => (await db().select().from(printOutbox).where(eq(printOutbox.id, id)))[0]!;
const dueNow = (id: number) =>
  db().update(printOutbox).set({ next_attempt_at: sql`now()` }).where(eq(printOutbox.id, id));

/** The unit of work, noting how long the ticket's row is still leased when its outcome is written. */
function workNotingLeases(id: () => number) {
  const leases: number[] = [];
  const work: RunWork = async (useCase) => {
    leases.push(await secondsUntil(db(), 'print_outbox', id()));
    return quietWork(db())(useCase);
  };
  return { work, leases };
}

function sender(options: Omit<PrintSenderOptions, 'deps'> = {}, work: RunWork = quietWork(db())) {
  const { warned, log } = keptLog();
  return { sender: new PrintSender({ deps: { db: db(), work, log }, ...options }), warned };
}

describe('a round of the ticket printer', () => {
  it("prints each due ticket on its station's printer within the ticket's lease, and records it printed", async () => {
    const { order, row } = await queuedTicket();
    const noted = workNotingLeases(() => row.id);
    const before = printer.tickets().length;

    expect(await sender({ allowLoopback: true }, noted.work).sender.runOnce()).toBe(1);

    const [ticket] = (await printer.waitForTickets(before + 1)).slice(before);
    expect(ticket!.paper.lines.map((line) => line.text).join(' ')).toContain('Tandir somsa');
    expect(await rowOf(row.id)).toMatchObject({ state: 'printed', attempts: 1, last_error: null });
    expect((await orderRow(db(), order._id)).print).toEqual({ status: 'printed', error: null });
    // Held for the 15 s lease while it printed.
    expect(PRINT_LEASE_SECONDS).toBe(15);
    expect(noted.leases[0]).toBeGreaterThan(13);
    expect(noted.leases[0]).toBeLessThanOrEqual(15);
  });

  it("refuses this server's own addresses unless allowed (demo mode), at once and for good", async () => {
    const { order, row } = await queuedTicket();
    const before = printer.tickets().length;

    await sender().sender.runOnce();

    const reason = messages.printerFailedAt('Oshxona', messages.printerAddressRefused);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', attempts: 1, last_error: reason });
    expect((await orderRow(db(), order._id)).print).toEqual({ status: 'failed', error: reason });
    expect(printer.tickets()).toHaveLength(before);
  });

  it('tries a printer that does not answer again as PRINT_RETRY_SECONDS says, and gives up at PRINT_MAX_ATTEMPTS', async () => {
    printer.setOn(false);
    const { order, row } = await queuedTicket();
    const { sender: printSender, warned } = sender({ allowLoopback: true });
    const reason = messages.printerFailedAt('Oshxona', messages.printerNoAnswer);

    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1, last_error: reason });
    expect(PRINT_RETRY_SECONDS[0]).toBe(2);
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeGreaterThan(1);
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeLessThanOrEqual(2);
    // One refused connection is often a printer waking up: the staff do not see it yet.
    expect((await orderRow(db(), order._id)).print).toBeNull();
    expect(warned.map((entry) => entry.message)).toEqual(['Kitchen ticket']);
    // The second is not: from it on the staff see why.
    await dueNow(row.id);
    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 2 });
    expect((await orderRow(db(), order._id)).print).toEqual({ status: 'printing', error: reason });

    await db()
      .update(printOutbox)
      .set({ attempts: PRINT_MAX_ATTEMPTS - 2 })
      .where(eq(printOutbox.id, row.id));
    await dueNow(row.id);
    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: PRINT_MAX_ATTEMPTS - 1 });
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeGreaterThan(118);
    expect((await orderRow(db(), order._id)).print).toEqual({ status: 'printing', error: reason });

    await dueNow(row.id);
    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', attempts: PRINT_MAX_ATTEMPTS, last_error: reason });
    expect((await orderRow(db(), order._id)).print).toEqual({ status: 'failed', error: reason });
  });

  it('takes its retries, attempts and lease from the options given', async () => {
    printer.setOn(false);
    const { row } = await queuedTicket();
    const noted = workNotingLeases(() => row.id);
    const { sender: printSender } = sender(
      { allowLoopback: true, retrySeconds: [7], maxAttempts: 2, leaseSeconds: 6 },
      noted.work,
    );

    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeGreaterThan(5);
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeLessThanOrEqual(7);
    expect(noted.leases[0]).toBeGreaterThan(4);
    expect(noted.leases[0]).toBeLessThanOrEqual(6);

    await dueNow(row.id);
    await printSender.runOnce();
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('logs an outcome it could not record, and leaves the ticket to the next claim after its lease', async () => {
    const { row } = await queuedTicket({ printer: false });
    const failure = new Error('commit failed');
    const { sender: printSender, warned } = sender({}, () => Promise.reject(failure));

    expect(await printSender.runOnce()).toBe(1);

    expect(warned).toEqual([
      { details: { err: failure, outboxRow: row.id, requestId: null }, message: 'Kitchen ticket: recording failed' },
    ]);
    expect(await rowOf(row.id)).toMatchObject({ state: 'pending', attempts: 1 });
    expect(await secondsUntil(db(), 'print_outbox', row.id)).toBeGreaterThan(13);
  });
});

describe('the ticket printer running', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks for due tickets every tickMs without being woken', async () => {
    // Tickets of the tests above whose lease runs out meanwhile would be claimed too.
    await db().delete(printOutbox);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const counted = countingClaims(db());
    const { log } = keptLog();
    const printSender = new PrintSender({ deps: { db: counted.db, work: quietWork(db()), log }, tickMs: 40 });
    try {
      printSender.start();
      await vi.advanceTimersByTimeAsync(0);
      await until(() => counted.ended() === 1, 'the first claim');
      // Written without a wake (as by another process): found at the next tick. Its station has no printer any more.
      const { row } = await queuedTicket({ printer: false });
      await vi.advanceTimersByTimeAsync(39);
      expect(counted.claims()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(counted.claims()).toBe(2);
      await until(async () => (await rowOf(row.id)).state === 'failed', 'the ticket dropped');
    } finally {
      await printSender.stop();
    }
  });
});
