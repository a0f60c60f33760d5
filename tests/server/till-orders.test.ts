import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { posOutbox, products } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { messages, tableOrderFailureReasons } from '../../server/messages';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import {
  dish,
  forgetRestaurants,
  giveTillTheOrder,
  order,
  settled,
  staffOrder,
  type TillRestaurant,
  tillRestaurant,
} from './till-fixtures';

/**
 * Orders of an integration restaurant put on its till (docs/integration.md, "Orders into the POS"), over real HTTP
 * against the iiko simulator: what each dish and choice becomes on the check, a second round added to the open check,
 * retries while iiko or the till is away and giving up, a resend after a crash that makes no second check, a dish the
 * till has stopped, and who may see and retry.
 */

let sim: PosSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let other: TestUser;
let r: TillRestaurant;
const choyxona = SAMPLE_ORGANIZATIONS[0]!.name;

beforeAll(async () => {
  sim = await startPosSimulator();
  t = await createTestApp(
    { IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin },
    { tillSender: { retrySeconds: [0], maxAttempts: 3, tickMs: 20, pollMs: 10 } },
  );
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
  other = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(async () => {
  sim.control.reset();
  sim.control.tableOrders.setTimings({ commandDelayMs: 10 });
  await forgetRestaurants(t);
  r = await tillRestaurant(t, sim, admin, manager, choyxona);
});
afterEach(() => sim.control.clearFaults());

const table = (number: number) => r.tables.get(number)!;
const tillOrders = () => sim.control.tableOrders.orders(r.organizationId);
const calls = (path: string) => sim.control.stats().calls[path] ?? 0;

const retry = (orderId: string, user: TestUser = manager) =>
  t.app.inject({ method: 'POST', url: `/manager/orders/${orderId}/pos-retry`, headers: user.headers });

describe('an order on the till', () => {
  it('opens a check with our id and number at the POS table, every dish and choice with its POS ids and price', async () => {
    const shashlik = await dish(t, r.restaurantId, "Qo'y go'shti shashlik");
    const fri = shashlik.row('Garnir', 'Kartoshka fri');
    const ketchup = shashlik.row('Sous', 'Tomatli sous');
    const tea = await dish(t, r.restaurantId, "Ko'k choy (choynak)");
    const lemon = tea.row("Qo'shimchalar", 'Limon');
    const honey = tea.row("Qo'shimchalar", 'Asal');
    const made = await order(
      t,
      r.slug,
      table(3).token,
      [
        { product_id: shashlik._id, quantity: 2, row_ids: [fri._id, ketchup._id] },
        { product_id: tea._id, quantity: 1, row_ids: [lemon._id, honey._id] },
      ],
      'Piyozsiz',
    );

    const seen = await settled(t, manager, r.restaurantId, made._id);
    const [check] = tillOrders();
    expect(check!.id).toBe(made._id);
    expect(seen.pos).toEqual({ status: 'sent', error: null, number: check!.order!.number });
    expect(check!.externalNumber).toBe(String(made.number));
    expect(check!.order!.tableIds).toEqual([table(3).posTableId]);
    const [first, second] = check!.order!.items;
    expect(first).toMatchObject({
      product: { id: shashlik.external_id },
      amount: 2,
      price: shashlik.price,
      comment: 'Piyozsiz',
    });
    // Group modifiers name their group; a simple modifier has none.
    expect(first!.modifiers!.map((m) => [m.product.id, m.productGroup?.id ?? null, m.amount, m.price])).toEqual([
      [fri.external_id, fri.option_external_id, 1, fri.price],
      [ketchup.external_id, ketchup.option_external_id, 1, ketchup.price],
    ]);
    expect(second).toMatchObject({ product: { id: tea.external_id }, amount: 1, price: tea.price });
    expect(second!.comment ?? null).toBeNull();
    expect(second!.modifiers!.map((m) => [m.product.id, m.productGroup ?? null])).toEqual([
      [lemon.external_id, null],
      [honey.external_id, null],
    ]);
    // What the till charges is what the diner was shown.
    expect(check!.order!.sum).toBe(
      2 * (shashlik.price + fri.price + ketchup.price) + (tea.price + lemon.price + honey.price),
    );
  });

  it('sends a sized dish with the size its price came from', async () => {
    await forgetRestaurants(t);
    r = await tillRestaurant(t, sim, admin, manager, SAMPLE_ORGANIZATIONS[1]!.name);
    const cola = await dish(t, r.restaurantId, 'Coca-Cola');
    const made = await order(t, r.slug, table(1).token, [{ product_id: cola._id, quantity: 3 }]);
    expect((await settled(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
    const item = tillOrders()[0]!.order!.items[0]!;
    expect(item).toMatchObject({ amount: 3, price: cola.price });
    expect(item.size?.name).toBe('0,5 L');
  });

  it("adds a table's second order to its open check, and opens a new one once the cashier closed it", async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const first = await order(t, r.slug, table(2).token, [{ product_id: somsa._id, quantity: 1 }]);
    const second = await order(t, r.slug, table(2).token, [{ product_id: somsa._id, quantity: 2 }]);
    const sentFirst = await settled(t, manager, r.restaurantId, first._id);
    const sentSecond = await settled(t, manager, r.restaurantId, second._id);
    expect(tillOrders()).toHaveLength(1);
    expect(tillOrders()[0]!.order!.items.map((item) => item.amount)).toEqual([1, 2]);
    expect(sentSecond.pos).toEqual({ status: 'sent', error: null, number: sentFirst.pos!.number });
    expect(calls('/api/1/order/add_items')).toBe(1);

    sim.control.tableOrders.closeOrder(first._id);
    const third = await order(t, r.slug, table(2).token, [{ product_id: somsa._id, quantity: 1 }]);
    const sentThird = await settled(t, manager, r.restaurantId, third._id);
    expect(tillOrders().map((check) => check.id)).toEqual([first._id, third._id]);
    expect(sentThird.pos!.number).not.toBe(sentFirst.pos!.number);
  });

  it('opens its own check for another table', async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const a = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    const b = await order(t, r.slug, table(4).token, [{ product_id: somsa._id, quantity: 1 }]);
    await settled(t, manager, r.restaurantId, a._id);
    await settled(t, manager, r.restaurantId, b._id);
    // Two tables' orders are sent side by side: which reaches the till first is not promised.
    const tables = tillOrders().map((check) => check.order!.tableIds);
    expect(tables).toHaveLength(2);
    expect(tables).toEqual(expect.arrayContaining([[table(1).posTableId], [table(4).posTableId]]));
  });
});

describe('when iiko or the till is away', () => {
  it('tries again while iiko answers 500 or 408, and sends once', async () => {
    sim.control.fail('/api/1/order/create', { status: 500, times: 1 });
    sim.control.fail('/api/1/terminal_groups/is_alive', { status: 408, times: 1 });
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    expect((await settled(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
    expect(tillOrders()).toHaveLength(1);
    const [row] = await t.db.select().from(posOutbox).where(eq(posOutbox.order_id, made._id));
    expect(row!.attempts).toBe(3);
  });

  it('gives up after its last try with the reason, and "Qayta yuborish" sends it once the till is back', async () => {
    sim.control.terminals.setAlive(r.terminalGroupId, false);
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    const failed = await settled(t, manager, r.restaurantId, made._id);
    expect(failed.pos).toEqual({ status: 'failed', error: tableOrderFailureReasons['terminal-offline'], number: null });
    expect(tillOrders()).toHaveLength(0);

    sim.control.terminals.setAlive(r.terminalGroupId, true);
    const res = await retry(made._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pos).toEqual({ status: 'sending', error: null, number: null });
    expect((await settled(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
    expect(tillOrders()).toHaveLength(1);
  });

  it('waits for a till that comes back before its last try', async () => {
    await t.app.tillSender.stop();
    try {
      sim.control.terminals.setAlive(r.terminalGroupId, false);
      const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
      const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
      await t.app.tillSender.runOnce();
      expect((await staffOrder(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sending');
      sim.control.terminals.setAlive(r.terminalGroupId, true);
      await t.app.tillSender.runOnce();
      expect((await staffOrder(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
    } finally {
      t.app.tillSender.start();
    }
  });

  it('sends an order the till dropped (not taken in time) again under the same id', async () => {
    await t.app.tillSender.stop();
    try {
      sim.control.tableOrders.setTimings({ commandDelayMs: 50, transportTimeoutMs: 30 });
      const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
      const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
      // The till goes away after saying it is alive and taking the command: iiko drops the order after its timeout.
      const run = t.app.tillSender.runOnce();
      await vi.waitFor(() => expect(calls('/api/1/order/create')).toBe(1), { interval: 2 });
      sim.control.terminals.setAlive(r.terminalGroupId, false);
      await run;
      expect(tillOrders()[0]!.creationStatus).toBe('Error');
      expect((await staffOrder(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sending');

      sim.control.terminals.setAlive(r.terminalGroupId, true);
      await t.app.tillSender.runOnce();
      expect((await staffOrder(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
      expect(calls('/api/1/order/create')).toBe(2);
      expect(tillOrders().map((check) => [check.id, check.creationStatus])).toEqual([[made._id, 'Success']]);
    } finally {
      t.app.tillSender.start();
    }
  });
});

describe('after a crash', () => {
  it('finds the check an earlier try made before it died, and sends nothing again', async () => {
    await t.app.tillSender.stop();
    try {
      const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
      const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
      // A process claimed the row, gave iiko the order and died before recording anything: its lease ran out.
      const [claimed] = await t.db
        .update(posOutbox)
        .set({ attempts: 1 })
        .where(eq(posOutbox.order_id, made._id))
        .returning();
      expect(claimed).toBeDefined();
      await giveTillTheOrder(t, r, made, somsa);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const creates = calls('/api/1/order/create');
      await t.app.tillSender.runOnce();
      const seen = await staffOrder(t, manager, r.restaurantId, made._id);
      expect(seen.pos).toEqual({ status: 'sent', error: null, number: tillOrders()[0]!.order!.number });
      expect(calls('/api/1/order/create')).toBe(creates);
      expect(tillOrders()).toHaveLength(1);
    } finally {
      t.app.tillSender.start();
    }
  });

  it('follows a command recorded before the crash instead of giving it again', async () => {
    await t.app.tillSender.stop();
    try {
      // The till carries the order out a moment after it accepts it.
      sim.control.tableOrders.setTimings({ commandDelayMs: 300 });
      const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
      const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
      // A process claimed the row, gave iiko the order, recorded the command iiko answered, and died while it waited
      // for the command's end: the row is as it left it, its lease run out.
      const { commandId } = await giveTillTheOrder(t, r, made, somsa);
      await t.db
        .update(posOutbox)
        .set({ attempts: 1, command: { kind: 'create', command_id: commandId }, pos_order_id: made._id })
        .where(eq(posOutbox.order_id, made._id));
      const creates = calls('/api/1/order/create');
      await t.app.tillSender.runOnce();
      expect((await staffOrder(t, manager, r.restaurantId, made._id)).pos?.status).toBe('sent');
      // It asked how the recorded command ended; it gave the order no second time.
      expect(calls('/api/1/order/create')).toBe(creates);
      expect(calls('/api/1/commands/status')).toBeGreaterThan(0);
      expect(tillOrders()).toHaveLength(1);
    } finally {
      t.app.tillSender.start();
    }
  });
});

describe('a refused order', () => {
  it('stops a dish the till has stopped, on the menu at once, and names it to the staff', async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const shashlik = await dish(t, r.restaurantId, 'Jigar shashlik');
    const sauce = shashlik.row('Sous', 'Tomatli sous');
    sim.control.stop(r.organizationId, somsa.external_id!);
    const made = await order(t, r.slug, table(1).token, [
      { product_id: shashlik._id, quantity: 1, row_ids: [sauce._id] },
      { product_id: somsa._id, quantity: 1 },
    ]);
    const failed = await settled(t, manager, r.restaurantId, made._id);
    expect(failed.pos).toEqual({
      status: 'failed',
      error: messages.tillStopListed('Tandir somsa'),
      number: null,
    });
    const [stopped] = await t.db.select().from(products).where(eq(products._id, somsa._id));
    expect(stopped).toMatchObject({ is_active: false, pos_stopped: true });
    const [kept] = await t.db.select().from(products).where(eq(products._id, shashlik._id));
    expect(kept!.is_active).toBe(true);
    // The diner's next order of it is refused before it reaches anyone.
    const again = await t.app.inject({
      method: 'POST',
      url: `/menu/${r.slug}/orders`,
      headers: { 'idempotency-key': 'after-stop' },
      payload: { table_id: table(2).token, items: [{ product_id: somsa._id, quantity: 1 }] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('fails at once, naming the dishes, when the POS does not know a dish', async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    await t.db.update(products).set({ external_id: null }).where(eq(products._id, somsa._id));
    const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    const failed = await settled(t, manager, r.restaurantId, made._id);
    expect(failed.pos).toEqual({ status: 'failed', error: messages.tillUnknownDishes('Tandir somsa'), number: null });
    expect(calls('/api/1/order/create')).toBe(0);
  });

  it('fails with the reason when the table was deleted at the till', async () => {
    sim.control.terminals.removeTable(table(5).posTableId);
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const made = await order(t, r.slug, table(5).token, [{ product_id: somsa._id, quantity: 1 }]);
    const failed = await settled(t, manager, r.restaurantId, made._id);
    expect(failed.pos).toEqual({ status: 'failed', error: tableOrderFailureReasons.rejected, number: null });
    expect(tillOrders()).toHaveLength(0);
  });
});

describe('what the staff decide first', () => {
  const move = (orderId: string, status: string) =>
    t.app.inject({ method: 'PUT', url: `/manager/orders/${orderId}`, headers: manager.headers, payload: { status } });

  it("holds back an order waiting for the staff's confirmation, and sends it once they accept it", async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const placed = [];
    // Past the table's threshold an order waits for the staff: it might be a prank, and the kitchen would cook it.
    for (let i = 0; i < 11; i++) {
      placed.push(await order(t, r.slug, table(6).token, [{ product_id: somsa._id, quantity: 1 }]));
    }
    const waiting = placed.at(-1)!;
    await settled(t, manager, r.restaurantId, placed.at(-2)!._id);
    const held = await staffOrder(t, manager, r.restaurantId, waiting._id);
    expect(held).toMatchObject({ needs_confirmation: true, pos: null });
    expect(await t.db.select().from(posOutbox).where(eq(posOutbox.order_id, waiting._id))).toHaveLength(0);
    expect(tillOrders()[0]!.order!.items).toHaveLength(10);

    expect((await move(waiting._id, 'accepted')).json().data.pos).toEqual({
      status: 'sending',
      error: null,
      number: null,
    });
    expect((await settled(t, manager, r.restaurantId, waiting._id)).pos?.status).toBe('sent');
    expect(tillOrders()[0]!.order!.items).toHaveLength(11);
  });

  it('does not send an order cancelled while the till was away, and refuses to retry it', async () => {
    await t.app.tillSender.stop();
    try {
      const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
      const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
      expect((await move(made._id, 'cancelled')).statusCode).toBe(200);
      await t.app.tillSender.runOnce();
      const seen = await staffOrder(t, manager, r.restaurantId, made._id);
      expect(seen.pos).toEqual({ status: 'failed', error: messages.tillOrderCancelled, number: null });
      expect(calls('/api/1/order/create')).toBe(0);
      const refused = await retry(made._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.tillRetryCancelled);
    } finally {
      t.app.tillSender.start();
    }
  });
});

describe('who sees and retries', () => {
  it("answers another manager's order 404 and an order not failed 409", async () => {
    const somsa = await dish(t, r.restaurantId, 'Tandir somsa');
    const made = await order(t, r.slug, table(1).token, [{ product_id: somsa._id, quantity: 1 }]);
    await settled(t, manager, r.restaurantId, made._id);
    const others = await t.app.inject({
      method: 'GET',
      url: `/manager/orders?restaurant_id=${r.restaurantId}`,
      headers: other.headers,
    });
    expect(others.statusCode).toBe(404);
    expect((await retry(made._id, other)).statusCode).toBe(404);
    const sent = await retry(made._id);
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(messages.tillRetryNotFailed);
    // An admin may retry too; nobody without a login.
    expect((await retry(made._id, admin)).statusCode).toBe(409);
    const anonymous = await t.app.inject({ method: 'POST', url: `/manager/orders/${made._id}/pos-retry` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows no till state for a restaurant without a POS, and answers its retry 409', async () => {
    const { orderingRestaurant, postOrder } = await import('./orders-fixtures');
    const own = await orderingRestaurant({ ...t, owner: manager } as never);
    const res = await postOrder({ ...t, owner: manager } as never, own.restaurant.slug, {
      table_id: own.table.token,
      items: [{ product_id: own.product._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    expect((await staffOrder(t, manager, own.restaurant._id, id)).pos).toBeNull();
    const refused = await retry(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.tillRetryNoPos);
  });
});
