import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { telegramOutbox } from '../../server/db/schema';
import { type SimCall, startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createOrder } from '../../server/repositories/order-placing';
import { SUPERSEDED } from '../../server/repositories/telegram-delivery';
import { NO_PACE, type PaceLimits } from '../../server/telegram/chat-pace';
import { SUMMARY_LINK } from '../../server/telegram/messages';
import { TelegramSender } from '../../server/telegram/sender';
import { setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postOrder, pricedLine } from './orders-fixtures';
import { addBotAndChannel, connectTelegram, outboxOf, type TestBot } from './telegram-fixtures';

// Telegram's pace per chat, kept by every process through the database, and what a backlog does to it: a flood of
// orders must not hold a real one back for minutes. The pace is shortened here (a "minute" of a few seconds) and the
// senders run on their own clocks, as in the server; the simulator records when each call arrived.
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url }) });
beforeAll(async () => {
  await t.app.telegram.sender.stop();
});
afterAll(() => sim.close());
beforeEach(async () => {
  sim.control.reset();
  await t.db.update(telegramOutbox).set({ state: 'skipped' }).where(eq(telegramOutbox.state, 'pending'));
});

async function telegramRestaurant() {
  const setup = await orderingRestaurant(t);
  const bot = addBotAndChannel(sim);
  await connectTelegram(t.db, setup.restaurant._id, bot);
  return { ...setup, bot };
}
type Setup = Awaited<ReturnType<typeof telegramRestaurant>>;

/** An order as the order route writes it (its one statement, its outbox row), without the diner's limits. */
async function quickOrder(setup: Setup): Promise<{ _id: string; number: number }> {
  const order = await createOrder(t.db, {
    restaurant_id: setup.restaurant._id,
    table: setup.table,
    items: [pricedLine(setup.product._id)],
    total: 25000,
    comment: '',
    idempotency_key: randomUUID(),
    device_id: '',
    request_hash: 'quick',
    threshold: { perTable: 1000, windowSeconds: 3600 },
  });
  return order.order;
}

const senderWith = (pace: PaceLimits) =>
  new TelegramSender({ db: t.db, api: { baseUrl: sim.url }, log: t.app.log, pace, tickMs: 10 });

/** The order numbers a chat shows, in singles ("Buyurtma №12") and in coalesced messages ("5-stol: №13–15, 18"). */
function numbersShown(bot: TestBot): Set<number> {
  const shown = new Set<number>();
  for (const { text } of sim.control.messages(bot.channelId)) {
    for (const [, n] of text.matchAll(/Buyurtma №(\d+)/g)) shown.add(Number(n));
    for (const [, list] of text.matchAll(/^[^\n]+: №([\d–, ]+)$/gm)) {
      for (const part of list!.split(', ')) {
        const [from, to = from] = part.split('–').map(Number);
        for (let n = from!; n <= to!; n++) shown.add(n);
      }
    }
  }
  return shown;
}

/** The most sends that arrived within any `spanMs`. */
function mostSendsWithin(sends: SimCall[], spanMs: number): number {
  const at = sends.map((call) => call.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < at.length; i++) {
    let j = i;
    while (j + 1 < at.length && at[j + 1]! - at[i]! < spanMs) j++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pendingOf = async (setup: Setup) =>
  (await outboxOf(t.db, setup.restaurant._id)).filter((row) => row.state === 'pending').length;

describe("one chat's pace, kept across processes", () => {
  it('two senders on one database leave the gap between two calls to a chat', async () => {
    const setup = await telegramRestaurant();
    for (let i = 0; i < 6; i++) await quickOrder(setup);
    // A gap of 300 ms; the window never binds here (nothing is coalesced).
    const pace = { ...NO_PACE, minGapMs: 300 };
    const senders = [senderWith(pace), senderWith(pace)];
    // They take turns: after one has sent, only the other may try, so every send follows a claim the other process
    // recorded, and only the database can make it wait (left to race, a busy machine lets one sender take them all).
    const handled = [0, 0];
    let turn = 0;
    while ((await pendingOf(setup)) > 0) {
      const sent = await senders[turn]!.runOnce();
      handled[turn]! += sent;
      if (sent > 0) turn = 1 - turn;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const sends = sim.control.calls('sendMessage');
    expect(sends).toHaveLength(6);
    expect(handled).toEqual([3, 3]);
    // The gap is kept between the claims every process records on the chat (a call's arrival at Telegram also waits
    // for the claiming sender's turn on a busy machine, so arrival times would measure the machine, not the pace).
    const claims = rowsOf<{ gap_ms: string | number | null }>(
      await t.db.execute(sql`
        select extract(epoch from s - lag(s) over (order by s)) * 1000 as gap_ms
        from telegram_chats, unnest(recent_sends) s where restaurant_id = ${setup.restaurant._id}`),
    );
    expect(claims).toHaveLength(6);
    const gaps = claims.filter((row) => row.gap_ms !== null).map((row) => Number(row.gap_ms));
    expect(gaps).toHaveLength(5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(300);
    expect([...numbersShown(setup.bot)]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("two senders send no more than the window's sends, and what waits beyond it is coalesced, not lost", async () => {
    const setup = await telegramRestaurant();
    // Three sends per two seconds: orders coming every 150 ms outrun it.
    const pace: PaceLimits = { minGapMs: 0, sendsPerWindow: 3, windowMs: 2000 };
    const senders = [senderWith(pace), senderWith(pace)];
    for (const sender of senders) sender.start();
    try {
      const made: number[] = [];
      for (let i = 0; i < 10; i++) {
        made.push((await quickOrder(setup)).number);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      await until(async () => (await pendingOf(setup)) === 0, 10_000);
      expect([...numbersShown(setup.bot)].sort((a, b) => a - b)).toEqual(made);
      const sends = sim.control.calls('sendMessage');
      expect(sends.length).toBeLessThan(10);
      expect(mostSendsWithin(sends, 1800)).toBeLessThanOrEqual(3);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
  });
});

describe('a backlog', () => {
  it('200 orders at once: the next real order reaches the channel within a "minute", and every order is named', async () => {
    const setup = await telegramRestaurant();
    // Telegram's pace, a minute made 4 s: twenty sends per window, a call every 1/20 of it.
    const pace: PaceLimits = { minGapMs: 200, sendsPerWindow: 20, windowMs: 4000 };
    const sender = senderWith(pace);
    sender.start();
    try {
      const flood: number[] = [];
      for (let i = 0; i < 200; i++) flood.push((await quickOrder(setup)).number);
      // At another table: the flood used up this one's hourly orders.
      const table = await createTable(t.db, setup.restaurant._id, { name: '7' });
      const res = await postOrder(t, setup.restaurant.slug, {
        table_id: table.token,
        items: [{ product_id: setup.product._id, quantity: 1 }],
      });
      expect(res.statusCode).toBe(201);
      const real = res.json().data as { number: number };
      const placed = Date.now();
      await until(() => numbersShown(setup.bot).has(real.number), pace.windowMs);
      // One window at most (a minute at Telegram's pace), although 200 singles would take ten.
      expect(Date.now() - placed).toBeLessThan(pace.windowMs);

      await until(async () => (await pendingOf(setup)) === 0, 10_000);
      const shown = numbersShown(setup.bot);
      expect(flood.every((n) => shown.has(n))).toBe(true);
      const sends = sim.control.calls('sendMessage');
      expect(sends.length).toBeLessThan(30);
      expect(mostSendsWithin(sends, pace.windowMs - 300)).toBeLessThanOrEqual(pace.sendsPerWindow);
      const coalesced = sim.control.messages(setup.bot.channelId).find((m) => /\d+ ta yangi buyurtma/.test(m.text));
      expect(coalesced?.text).toMatch(/^📥 <b>\d+ ta yangi buyurtma<\/b>/);
      expect(coalesced?.text).toMatch(/^5-stol: №\d+/m);
      // Staff take coalesced orders in the panel: no buttons, and no link without PUBLIC_URL.
      expect(coalesced?.reply_markup).toBeUndefined();
      expect(coalesced?.text).not.toContain(SUMMARY_LINK);
    } finally {
      await sender.stop();
    }
  });

  it('a new order goes before waiting edits of older messages', async () => {
    const setup = await telegramRestaurant();
    const sender = senderWith(NO_PACE);
    const older = await Promise.all([quickOrder(setup), quickOrder(setup)]);
    while ((await sender.runOnce()) > 0);
    for (const order of older) {
      const put = await t.call('owner', {
        method: 'PUT',
        url: `/manager/orders/${order._id}`,
        payload: { status: 'accepted' },
      });
      expect(put.statusCode).toBe(200);
    }
    const fresh = await quickOrder(setup);
    await sender.runOnce();
    const sends = sim.control.calls('sendMessage');
    expect(sends.at(-1)!.body.text).toContain(`Buyurtma №${fresh.number}`);
    expect(sim.control.calls('editMessageText')).toEqual([]);
    while ((await sender.runOnce()) > 0);
    expect(sim.control.calls('editMessageText')).toHaveLength(2);
  });

  it("a message's waiting edits go as one, showing the newest state", async () => {
    const setup = await telegramRestaurant();
    const sender = senderWith(NO_PACE);
    const made = await quickOrder(setup);
    await sender.runOnce();
    for (const status of ['accepted', 'served']) {
      const put = await t.call('owner', { method: 'PUT', url: `/manager/orders/${made._id}`, payload: { status } });
      expect(put.statusCode).toBe(200);
    }
    while ((await sender.runOnce()) > 0);
    const [message] = sim.control.messages(setup.bot.channelId);
    expect(message!.edit_count).toBe(1);
    expect(message!.text).toContain('🍽 Berildi');
    expect((await outboxOf(t.db, setup.restaurant._id)).map((row) => [row.action, row.state, row.last_error])).toEqual([
      ['send', 'sent', null],
      ['edit', 'sent', null],
      ['edit', 'skipped', SUPERSEDED],
    ]);
  });

  it('with PUBLIC_URL a coalesced message links to the orders screen', async () => {
    const setup = await telegramRestaurant();
    const sender = new TelegramSender({
      db: t.db,
      api: { baseUrl: sim.url },
      log: t.app.log,
      pace: { minGapMs: 0, sendsPerWindow: 2, windowMs: 60_000 },
      publicUrl: 'https://menyu.example.uz/',
    });
    for (let i = 0; i < 3; i++) await quickOrder(setup);
    await sender.runOnce();
    const [message] = sim.control.messages(setup.bot.channelId);
    expect(message!.text).toContain(`<a href="https://menyu.example.uz/orders">${SUMMARY_LINK}</a>`);
    expect(message!.text).toMatch(/^📥 <b>3 ta yangi buyurtma<\/b>/);
  });
});
