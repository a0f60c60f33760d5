import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { optionRows, posOutbox, products, restaurants, restaurantTables } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { sendToTill } from '../../server/domain/orders/send-to-till';
import { tillLines } from '../../server/domain/orders/till-lines';
import { unitOfWork } from '../../server/domain/unit-of-work';
import type { TillLine } from '../../server/integrations/till';
import { messages, tableOrderFailureReasons } from '../../server/messages';
import { claimDueTillOrders, tillSendContext } from '../../server/repositories/pos-outbox';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import {
  dish,
  forgetRestaurants,
  giveTillTheOrder,
  order,
  staffOrder,
  type TillRestaurant,
  tillLine,
  tillRestaurant,
} from './till-fixtures';

/**
 * The edges of putting an order on the till, over real HTTP against the iiko simulator, one round at a time: a
 * restaurant that left its POS, dishes the POS does not know, the terminal group asked for, a table the POS does not
 * have, a check still being made, a command iiko forgot, a check closed under a round, a resend iiko already has, a
 * stop-list naming the dish by its POS id, a round's time running out, a row another claim took over, and what the
 * unit of work is asked to do after the commit (the menu dropped, the outbox senders woken).
 */

let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let r: TillRestaurant;
const OPTIONS = { retrySeconds: [0], maxAttempts: 3, pollMs: 10 };

beforeAll(async () => {
  sim = await startPosSimulator();
  // The sender's own loop only runs when a test starts it; its tick is long, so only a wake makes it send at once.
  t = await createTestApp(
    { IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin },
    { tillSender: { ...OPTIONS, tickMs: 60_000 } },
  );
  await t.app.tillSender.stop();
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  sim.control.tableOrders.setTimings({ commandDelayMs: 10 });
  await forgetRestaurants(t);
  r = await tillRestaurant(t, sim, admin, manager, SAMPLE_ORGANIZATIONS[0]!.name);
});
afterEach(async () => {
  sim.control.clearFaults();
  await t.app.tillSender.stop();
});

const table = (number: number) => r.tables.get(number)!;
const tillOrders = () => sim.control.tableOrders.orders(r.organizationId);
const calls = (path: string) => sim.control.stats().calls[path] ?? 0;
const pos = async (orderId: string) => (await staffOrder(t, manager, r.restaurantId, orderId)).pos;
const outboxRow = async (orderId: string) =>
  (await t.db.select().from(posOutbox).where(eq(posOutbox.order_id, orderId)))[0]!;
const somsaOrder = async (tableNumber = 1) => {
  const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
  return { somsa, made: await order(t, r.slug, table(tableNumber).token, [{ product_id: somsa._id, quantity: 1 }]) };
};

/**
 * One round of the sender as a process runs it: the due row claimed, then sent; answers what followed the commit and
 * what it logged.
 */
async function sendRound(deadlineMs = 5000, options = OPTIONS) {
  const effects = { menus: [] as string[], wakes: 0, warnings: [] as string[] };
  const [row] = await claimDueTillOrders(t.db, { limit: 1, leaseSeconds: 30 });
  expect(row, 'a due row').toBeDefined();
  const work = unitOfWork(t.db, {
    menuChanged: (restaurantId) => effects.menus.push(restaurantId),
    outboxWritten: () => {
      effects.wakes += 1;
    },
  });
  await sendToTill(
    {
      db: t.db,
      work,
      provider: t.app.integration.provider,
      log: { warn: (_, message) => effects.warnings.push(message) },
    },
    row!,
    options,
    Date.now() + deadlineMs,
  );
  return effects;
}

/** The order's dishes as the sender gives them to the till. */
async function linesOf(orderId: string): Promise<TillLine[]> {
  const lines = tillLines((await tillSendContext(t.db, await outboxRow(orderId)))!);
  if (lines.kind !== 'lines') throw new Error(`unknown dishes: ${lines.dishes.join(', ')}`);
  return lines.lines;
}
const till = () => t.app.integration.provider!.till!;
const call = () => ({ signal: AbortSignal.timeout(5000) });

describe('an order that cannot go to this till', () => {
  const cases: [string, Partial<typeof restaurants.$inferInsert>][] = [
    ['made by hand since', { type: 'manual' }],
    ['without its organization', { integration_id: null }],
    ['on another POS', { integration_provider: 'rkeeper' }],
  ];
  it.each(cases)('fails at once for a restaurant %s, sending nothing', async (_, change) => {
    const { made } = await somsaOrder();
    await t.db.update(restaurants).set(change).where(eq(restaurants._id, r.restaurantId));
    await sendRound();
    expect(await pos(made._id)).toEqual({ status: 'failed', error: messages.tillNotConnected, number: null });
    expect(calls('/api/1/order/create')).toBe(0);
  });

  it('names every dish the POS does not know: one without its id, one whose choice has none, one whose choice or itself was deleted', async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const shashlik = await dish(t, r.restaurantId, "Qo'y go'shti shashlik");
    const fri = shashlik.row('Garnir', 'Kartoshka fri');
    const tea = await dish(t, r.restaurantId, "Ko'k choy (choynak)");
    const lemon = tea.row("Qo'shimchalar", 'Limon');
    const chuchvara = await dish(t, r.restaurantId, 'Chuchvara');
    const made = await order(t, r.slug, table(1).token, [
      { product_id: somsa._id, quantity: 1 },
      { product_id: shashlik._id, quantity: 1, row_ids: [fri._id] },
      { product_id: tea._id, quantity: 1, row_ids: [lemon._id] },
      { product_id: chuchvara._id, quantity: 1 },
    ]);
    await t.db.update(products).set({ external_id: null }).where(eq(products._id, somsa._id));
    await t.db.update(optionRows).set({ external_id: null }).where(eq(optionRows._id, fri._id));
    await t.db.delete(optionRows).where(eq(optionRows._id, lemon._id));
    await t.db.delete(products).where(eq(products._id, chuchvara._id));
    await sendRound();
    expect((await pos(made._id))?.error).toBe(
      messages.tillUnknownDishes("Tandir somsa, Qo'y go'shti shashlik, Ko'k choy (choynak), Chuchvara"),
    );
  });
});

describe('the terminal group', () => {
  it("asks iiko for the organization's first terminal group when none is recorded", async () => {
    await t.db.update(restaurants).set({ pos_terminal_group_id: null }).where(eq(restaurants._id, r.restaurantId));
    const { made } = await somsaOrder();
    await sendRound();
    expect((await pos(made._id))?.status).toBe('sent');
    expect(sim.control.tableOrders.tillOrders(r.organizationId)[0]!.terminalGroupId).toBe(r.terminalGroupId);
  });

  it('fails with why when iiko has no terminal group for the organization', async () => {
    const { made } = await somsaOrder();
    await t.db
      .update(restaurants)
      .set({ pos_terminal_group_id: null, integration_id: randomUUID() })
      .where(eq(restaurants._id, r.restaurantId));
    await sendRound();
    expect(await pos(made._id)).toEqual({ status: 'failed', error: messages.tillNoTerminalGroup, number: null });
  });
});

describe('what goes on the check', () => {
  it('opens a check without a table for a table made by hand, which the POS does not have', async () => {
    await t.db
      .update(restaurantTables)
      .set({ source: 'manual', pos_table_id: null })
      .where(eq(restaurantTables.restaurant_id, r.restaurantId));
    const { made } = await somsaOrder();
    await sendRound();
    expect((await pos(made._id))?.status).toBe('sent');
    expect(tillOrders()[0]!.order!.tableIds).toEqual([]);
  });

  it("gives the till the diner's comment without its blanks, and none for a comment of blanks", async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const line = [{ product_id: somsa._id, quantity: 1 }];
    const padded = await order(t, r.slug, table(1).token, line, '  Piyozsiz\n ');
    const blank = await order(t, r.slug, table(2).token, line, ' \n ');
    await sendRound();
    await sendRound();
    const comment = (id: string) => tillOrders().find((check) => check.id === id)!.order!.items[0]!.comment ?? null;
    expect(comment(padded._id)).toBe('Piyozsiz');
    expect(comment(blank._id)).toBeNull();
  });
});

describe('a try after an earlier one', () => {
  it('waits for a check iiko is still making from the earlier try, creating no second', async () => {
    const { somsa, made } = await somsaOrder();
    sim.control.tableOrders.setTimings({ commandDelayMs: 5000 });
    await giveTillTheOrder(t, r, made, somsa);
    // The earlier try's claim: the row was taken once already.
    await t.db.update(posOutbox).set({ attempts: 1 }).where(eq(posOutbox.order_id, made._id));
    await sendRound();
    expect(calls('/api/1/order/create')).toBe(1);
    expect(await outboxRow(made._id)).toMatchObject({ state: 'pending', last_error: null, command: null });
    expect((await pos(made._id))?.status).toBe('sending');
  });

  it("finds its dishes on the table's check after iiko forgot the command that added them", async () => {
    const first = await somsaOrder(2);
    await sendRound();
    const firstNumber = (await pos(first.made._id))!.number;
    const shashlik = await dish(t, r.restaurantId, "Qo'y go'shti shashlik");
    const fri = shashlik.row('Garnir', 'Kartoshka fri');
    const second = await order(t, r.slug, table(2).token, [
      { product_id: shashlik._id, quantity: 1, row_ids: [fri._id] },
    ]);
    // A process added the round to the table's check, recorded iiko's command, and died; iiko then forgot the command.
    const { commandId } = await till().addItems(r.organizationId, first.made._id, await linesOf(second._id), call());
    await t.db
      .update(posOutbox)
      .set({ attempts: 1, command: { kind: 'add_items', command_id: commandId }, pos_order_id: first.made._id })
      .where(eq(posOutbox.order_id, second._id));
    await vi.waitFor(() => expect(tillOrders()[0]!.order!.items).toHaveLength(2));
    sim.control.tableOrders.forgetCommands();

    await sendRound();
    expect(await outboxRow(second._id)).toMatchObject({
      state: 'pending',
      command: null,
      pos_order_id: first.made._id,
      last_error: expect.any(String),
    });
    await sendRound();
    expect(await pos(second._id)).toEqual({ status: 'sent', error: null, number: firstNumber });
    expect(calls('/api/1/order/add_items')).toBe(1);
    expect(tillOrders()[0]!.order!.items).toHaveLength(2);
  });

  it("does not take a check holding only some of the round's dishes for the round", async () => {
    const first = await somsaOrder(2);
    await sendRound();
    const somsa = first.somsa;
    const second = await order(t, r.slug, table(2).token, [
      { product_id: somsa._id, quantity: 1 },
      { product_id: somsa._id, quantity: 2 },
    ]);
    await till().addItems(r.organizationId, first.made._id, [tillLine(second._id, 0, somsa)], call());
    await vi.waitFor(() => expect(tillOrders()[0]!.order!.items).toHaveLength(2));
    await t.db
      .update(posOutbox)
      .set({ attempts: 1, pos_order_id: first.made._id })
      .where(eq(posOutbox.order_id, second._id));
    await sendRound();
    // It gave the round again, and the till refused the position it already has: not "sent" on a half.
    expect(calls('/api/1/order/add_items')).toBe(2);
    expect(await pos(second._id)).toEqual({
      status: 'failed',
      error: tableOrderFailureReasons.refused,
      number: null,
    });
  });

  it('takes a resend iiko answers "duplicate" for the order it already has under our id', async () => {
    const { somsa, made } = await somsaOrder();
    await giveTillTheOrder(t, r, made, somsa);
    await vi.waitFor(() => expect(tillOrders()[0]!.creationStatus).toBe('Success'));
    await sendRound();
    expect(calls('/api/1/order/create')).toBe(2);
    expect(await pos(made._id)).toEqual({ status: 'sent', error: null, number: tillOrders()[0]!.order!.number });
    expect(tillOrders()).toHaveLength(1);
  });
});

describe('a dish the till no longer sells', () => {
  it('fails a check with the reason, not tried again', async () => {
    const { somsa, made } = await somsaOrder();
    sim.control.removeProduct(r.organizationId, somsa.external_id!);
    await sendRound();
    expect(await pos(made._id)).toEqual({
      status: 'failed',
      error: tableOrderFailureReasons['product-not-found'],
      number: null,
    });
  });

  it("fails a round added to the table's open check with the reason, leaving the check as it is", async () => {
    const first = await somsaOrder(2);
    await sendRound();
    const chuchvara = await dish(t, r.restaurantId, 'Chuchvara');
    const second = await order(t, r.slug, table(2).token, [{ product_id: chuchvara._id, quantity: 1 }]);
    sim.control.removeProduct(r.organizationId, chuchvara.external_id!);
    await sendRound();
    expect(await pos(second._id)).toEqual({
      status: 'failed',
      error: tableOrderFailureReasons['product-not-found'],
      number: null,
    });
    expect(tillOrders().map((check) => [check.id, check.order!.items.length])).toEqual([[first.made._id, 1]]);
  });
});

describe("the table's check", () => {
  it('opens its own check when the till no longer has the check the table was on', async () => {
    const first = await somsaOrder(2);
    await sendRound();
    await t.db.update(posOutbox).set({ pos_order_id: randomUUID() }).where(eq(posOutbox.order_id, first.made._id));
    const second = await order(t, r.slug, table(2).token, [{ product_id: first.somsa._id, quantity: 1 }]);
    await sendRound();
    expect((await pos(second._id))?.status).toBe('sent');
    expect(tillOrders().map((check) => check.id)).toEqual([first.made._id, second._id]);
  });

  it('opens its own check when the cashier closed the table’s check while the round was being added', async () => {
    const first = await somsaOrder(2);
    await sendRound();
    const second = await order(t, r.slug, table(2).token, [{ product_id: first.somsa._id, quantity: 1 }]);
    sim.control.tableOrders.setTimings({ commandDelayMs: 300 });
    const round = sendRound();
    await vi.waitFor(() => expect(calls('/api/1/order/add_items')).toBe(1), { interval: 5 });
    sim.control.tableOrders.closeOrder(first.made._id);
    await round;
    expect(await outboxRow(second._id)).toMatchObject({ state: 'pending', command: null, pos_order_id: null });

    sim.control.tableOrders.setTimings({ commandDelayMs: 10 });
    await sendRound();
    expect((await pos(second._id))?.status).toBe('sent');
    expect(tillOrders().map((check) => check.id)).toEqual([first.made._id, second._id]);
  });
});

describe('a dish the till has stopped', () => {
  it('is found by its POS id when the menu calls it otherwise, stopped, and the menu dropped', async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    await t.db.update(products).set({ name: 'Somsa tandirdan' }).where(eq(products._id, somsa._id));
    sim.control.stop(r.organizationId, somsa.external_id!);
    const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    const effects = await sendRound();
    expect((await pos(made._id))?.error).toBe(messages.tillStopListed('Somsa tandirdan'));
    const [stopped] = await t.db.select().from(products).where(eq(products._id, somsa._id));
    expect(stopped).toMatchObject({ is_active: false, pos_stopped: true });
    expect(effects.menus).toEqual([r.restaurantId]);
  });

  it("fails with the till's reason for a stopped choice, and stops no dish", async () => {
    const shashlik = await dish(t, r.restaurantId, "Qo'y go'shti shashlik");
    const fri = shashlik.row('Garnir', 'Kartoshka fri');
    sim.control.stop(r.organizationId, fri.external_id!);
    const made = await order(t, r.slug, table(1).token, [
      { product_id: shashlik._id, quantity: 1, row_ids: [fri._id] },
    ]);
    const effects = await sendRound();
    expect((await pos(made._id))?.error).toBe(tableOrderFailureReasons['stop-listed']);
    const [kept] = await t.db.select().from(products).where(eq(products._id, shashlik._id));
    expect(kept!.is_active).toBe(true);
    expect(effects.menus).toEqual([]);
  });
});

describe('what follows the commit', () => {
  const withTelegram = () =>
    t.db
      .update(restaurants)
      .set({ bot_token: '123:test', channel_id: '-100123' })
      .where(eq(restaurants._id, r.restaurantId));

  it("wakes the outbox senders when the order's Telegram message must change, sent or failed", async () => {
    await withTelegram();
    await somsaOrder();
    expect((await sendRound()).wakes).toBe(1);
    const chuchvara = await dish(t, r.restaurantId, 'Chuchvara');
    sim.control.stop(r.organizationId, chuchvara.external_id!);
    await order(t, r.slug, table(3).token, [{ product_id: chuchvara._id, quantity: 1 }]);
    expect((await sendRound()).wakes).toBe(1);
  });

  it('wakes nobody for a restaurant without Telegram', async () => {
    await somsaOrder();
    expect((await sendRound()).wakes).toBe(0);
    const chuchvara = await dish(t, r.restaurantId, 'Chuchvara');
    sim.control.stop(r.organizationId, chuchvara.external_id!);
    await order(t, r.slug, table(3).token, [{ product_id: chuchvara._id, quantity: 1 }]);
    expect((await sendRound()).wakes).toBe(0);
  });

  it('"Qayta yuborish" sends at once, not at the sender\'s next tick', async () => {
    sim.control.terminals.setAlive(r.terminalGroupId, false);
    const { made } = await somsaOrder();
    for (let attempt = 0; attempt < OPTIONS.maxAttempts; attempt++) await t.app.tillSender.runOnce();
    expect((await pos(made._id))?.status).toBe('failed');
    sim.control.terminals.setAlive(r.terminalGroupId, true);
    t.app.tillSender.start();
    const res = await t.app.inject({
      method: 'POST',
      url: `/manager/orders/${made._id}/pos-retry`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await pos(made._id))?.status).toBe('sent'), { timeout: 5000 });
  });
});

describe('a round out of time or overtaken', () => {
  it('gives the row back when its lease ends while the till works, without calling that a failure', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 5000 });
    const { made } = await somsaOrder();
    const started = Date.now();
    await sendRound(300, { ...OPTIONS, pollMs: 5000 });
    expect(Date.now() - started).toBeLessThan(3000);
    const row = await outboxRow(made._id);
    expect(row).toMatchObject({ state: 'pending', last_error: null, pos_order_id: made._id });
    expect(row.command).toMatchObject({ kind: 'create' });
    expect(calls('/api/1/commands/status')).toBe(0);
  });

  it('does not follow a command once another claim has taken the row', async () => {
    sim.control.slow('/api/1/order/create', 400);
    const { made } = await somsaOrder();
    const round = sendRound();
    await vi.waitFor(() => expect(calls('/api/1/order/create')).toBe(1), { interval: 5 });
    // The lease ran out meanwhile and another process claimed the row.
    await t.db.update(posOutbox).set({ attempts: 7 }).where(eq(posOutbox.order_id, made._id));
    await round;
    expect(calls('/api/1/commands/status')).toBe(0);
    expect(await outboxRow(made._id)).toMatchObject({ attempts: 7, command: null, state: 'pending' });
  });

  it('records nothing when another claim took the row while the till carried the order out', async () => {
    sim.control.tableOrders.setTimings({ commandDelayMs: 300 });
    const { made } = await somsaOrder();
    const round = sendRound();
    await vi.waitFor(() => expect(calls('/api/1/commands/status')).toBeGreaterThan(0), { interval: 5 });
    await t.db.update(posOutbox).set({ attempts: 7 }).where(eq(posOutbox.order_id, made._id));
    // Not a failure to retry: the row is simply another's now.
    expect((await round).warnings).toEqual([]);
    expect(await outboxRow(made._id)).toMatchObject({ attempts: 7, state: 'pending' });
    expect((await pos(made._id))?.status).toBe('sending');
  });
});
