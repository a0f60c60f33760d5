import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, orders, restaurants, staffEvents, telegramChats, telegramOutbox } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { claimDueMessages, pruneOutbox } from '../../server/repositories/telegram-delivery';
import { NO_PACE } from '../../server/telegram/chat-pace';
import { GAVE_UP } from '../../server/telegram/failures';
import {
  GIVE_UP_HOURS,
  LEASE_MARGIN_SECONDS,
  leaseSeconds,
  RETRY_SECONDS,
  TelegramSender,
} from '../../server/telegram/sender';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, postCall, postOrder } from './orders-fixtures';
import {
  addBotAndChannel,
  connectTelegram,
  makeDue,
  outboxOf,
  secondsUntilNextAttempt,
  type TestBot,
} from './telegram-fixtures';

// Sending: the outbox written with the order, and a sender (driven by hand here: the app's own is stopped)
// delivering it to the Bot API simulator over real HTTP, through Telegram's failures.
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url }) });
let sender: TelegramSender;
beforeAll(async () => {
  await t.app.telegram.sender.stop();
  // Telegram's per-chat pace is tested on its own (telegram-pace.test.ts): here one message may follow another at once.
  sender = new TelegramSender({ db: t.db, api: { baseUrl: sim.url, timeoutMs: 500 }, log: t.app.log, pace: NO_PACE });
});
afterAll(() => sim.close());

/** A restaurant taking orders with its own bot and channel. */
async function telegramRestaurant() {
  const setup = await orderingRestaurant(t);
  const bot = addBotAndChannel(sim);
  await connectTelegram(t.db, setup.restaurant._id, bot);
  return { ...setup, bot };
}

async function order(setup: Awaited<ReturnType<typeof telegramRestaurant>>, comment = '') {
  const res = await postOrder(t, setup.restaurant.slug, {
    table_id: setup.table.token,
    items: [{ product_id: setup.product._id, quantity: 2 }],
    comment,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; number: number };
}

const messagesOf = (bot: TestBot) => sim.control.messages(bot.channelId);
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders._id, id)))[0]!;
const callRow = async (id: string) => (await t.db.select().from(calls).where(eq(calls._id, id)))[0]!;
const lastStaffEventId = async () =>
  (await t.db.select({ id: sql<number>`coalesce(max(${staffEvents.id}), 0)` }).from(staffEvents))[0]!.id;
const staffEventsAfter = (id: number) => t.db.select().from(staffEvents).where(sql`${staffEvents.id} > ${id}`);

/** Rounds until nothing is due (an edit waits for its send: one per restaurant per round). */
async function deliverAll(): Promise<void> {
  for (let round = 0; round < 10 && (await sender.runOnce()) > 0; round++);
}

/** What another process's claim takes (no pace: these tests are about leases and order). */
const claimHeads = async (limit: number) =>
  (await claimDueMessages(t.db, { limit, leaseSeconds: 60, pace: NO_PACE })).map((claim) => claim.rows[0]!);

// Each test starts with nothing waiting: another test's retries (made due by makeDue) stay out of its rounds.
beforeEach(async () => {
  sim.control.reset();
  await t.db.update(telegramOutbox).set({ state: 'skipped' }).where(eq(telegramOutbox.state, 'pending'));
});

describe('a new order', () => {
  it('is written to the outbox in its own transaction and delivered once, with the buttons that apply', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup, 'Tezroq <b>iltimos</b> & rahmat');
    const rows = await outboxOf(t.db, setup.restaurant._id);
    expect(rows).toMatchObject([{ order_id: made._id, action: 'send', state: 'pending', attempts: 0 }]);

    await deliverAll();
    const [message] = messagesOf(setup.bot);
    expect(messagesOf(setup.bot)).toHaveLength(1);
    expect(message!.text).toContain(`<b>Buyurtma №${made.number}</b> · 5-stol`);
    expect(message!.text).toContain('2 × ');
    expect(message!.text).toContain("<b>Jami: 50\u00a0000\u00a0so'm</b>");
    // The diner's comment is text, never markup: the simulator parsed it as Telegram would.
    expect(message!.text).toContain('Tezroq &lt;b&gt;iltimos&lt;/b&gt; &amp; rahmat');
    expect(message!.reply_markup!.inline_keyboard).toEqual([
      [
        { text: 'Qabul qilish', callback_data: `o:a:${made._id}` },
        { text: 'Bekor qilish', callback_data: `o:c:${made._id}` },
      ],
    ]);
    expect(await outboxOf(t.db, setup.restaurant._id)).toMatchObject([{ state: 'sent', attempts: 1 }]);
    const stored = await orderRow(made._id);
    expect(stored).toMatchObject({ telegram_chat_id: setup.bot.channel, telegram_message_id: message!.message_id });

    await deliverAll();
    expect(sim.control.calls('sendMessage')).toHaveLength(1);
  });

  it('writes nothing for a restaurant without a bot or without a channel', async () => {
    const plain = await orderingRestaurant(t);
    const halfway = await orderingRestaurant(t, { bot_token: addBotAndChannel(sim).token });
    for (const setup of [plain, halfway]) {
      await postOrder(t, setup.restaurant.slug, {
        table_id: setup.table.token,
        items: [{ product_id: setup.product._id, quantity: 1 }],
      });
      expect(await outboxOf(t.db, setup.restaurant._id)).toEqual([]);
    }
  });

  it('a waiter call is a short message with "Bajarildi"; the panel marking it done edits it', async () => {
    const setup = await telegramRestaurant();
    const res = await postCall(t, setup.restaurant.slug, { table_id: setup.table.token, type: 'waiter' });
    const callId = res.json().data._id as string;
    await deliverAll();
    expect(messagesOf(setup.bot)[0]).toMatchObject({
      text: expect.stringContaining('<b>5-stol: ofitsiant chaqirilmoqda</b>'),
      reply_markup: { inline_keyboard: [[{ text: 'Bajarildi', callback_data: `c:d:${callId}` }]] },
    });
    const done = await t.call('owner', { method: 'PUT', url: `/manager/calls/${callId}`, payload: { status: 'done' } });
    expect(done.statusCode).toBe(200);
    await deliverAll();
    const [edited] = messagesOf(setup.bot);
    expect(edited!.text).toContain(`✅ Bajarildi</b> — ${t.owner.login}`);
    expect(edited!.reply_markup?.inline_keyboard ?? []).toEqual([]);
    expect(edited!.edit_count).toBe(1);
  });
});

describe('a delivery that clears nothing', () => {
  it("moves neither the order's nor the call's updatedAt and tells the live screens nothing", async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    const res = await postCall(t, setup.restaurant.slug, { table_id: setup.table.token, type: 'waiter' });
    const callId = res.json().data._id as string;
    const [orderBefore, callBefore] = [await orderRow(made._id), await callRow(callId)];
    const before = await lastStaffEventId();
    await deliverAll();
    expect(messagesOf(setup.bot)).toHaveLength(2);
    const [orderAfter, callAfter] = [await orderRow(made._id), await callRow(callId)];
    expect(orderAfter).toMatchObject({ updatedAt: orderBefore.updatedAt, telegram_error: null });
    expect(callAfter).toMatchObject({ updatedAt: callBefore.updatedAt, telegram_error: null });
    expect(callAfter.telegram_message_id).toBe(
      messagesOf(setup.bot).find((m) => m.text.includes('ofitsiant'))!.message_id,
    );
    expect(await staffEventsAfter(before)).toEqual([]);
  });
});

describe('a status change', () => {
  it('edits the message to show the status, who set it, and only the buttons that still apply', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    await deliverAll();
    const put = (status: string) =>
      t.call('owner', { method: 'PUT', url: `/manager/orders/${made._id}`, payload: { status } });
    expect((await put('accepted')).statusCode).toBe(200);
    await deliverAll();
    let [message] = messagesOf(setup.bot);
    expect(message!.text).toContain(`<b>✅ Qabul qilindi</b> — ${t.owner.login}`);
    expect(message!.reply_markup!.inline_keyboard[0]!.map((b) => b.text)).toEqual(['Berildi', 'Bekor qilish']);

    expect((await put('served')).statusCode).toBe(200);
    await deliverAll();
    [message] = messagesOf(setup.bot);
    expect(message!.text).toContain('<b>🍽 Berildi</b>');
    expect(message!.reply_markup?.inline_keyboard ?? []).toEqual([]);
    expect(message!.edit_count).toBe(2);
  });

  it('made before the message went out: the edit waits for the send, which already shows it', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    await t.call('owner', { method: 'PUT', url: `/manager/orders/${made._id}`, payload: { status: 'accepted' } });
    const rows = await outboxOf(t.db, setup.restaurant._id);
    expect(rows.map((r) => r.action)).toEqual(['send', 'edit']);
    // One round takes the send only: the edit is behind it.
    expect(await sender.runOnce()).toBe(1);
    expect(messagesOf(setup.bot)[0]!.text).toContain('Qabul qilindi');
    await deliverAll();
    expect((await outboxOf(t.db, setup.restaurant._id)).map((r) => r.state)).toEqual(['sent', 'sent']);
    expect(messagesOf(setup.bot)).toHaveLength(1);
  });
});

describe("Telegram's failures", () => {
  it('a 5xx or no answer is retried within seconds, then delivered once', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    sim.control.failNext('sendMessage', { status: 502, description: 'Bad Gateway' });
    await sender.runOnce();
    let [row] = await outboxOf(t.db, setup.restaurant._id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, last_error: 'Bad Gateway' });
    expect(await secondsUntilNextAttempt(t.db, row!.id)).toBeCloseTo(RETRY_SECONDS[0], 0);
    expect(await sender.runOnce()).toBe(0);

    await makeDue(t.db, setup.restaurant._id);
    sim.control.failNext('sendMessage', { status: 0 });
    await sender.runOnce();
    [row] = await outboxOf(t.db, setup.restaurant._id);
    expect(row).toMatchObject({ state: 'pending', attempts: 2 });
    expect(await secondsUntilNextAttempt(t.db, row!.id)).toBeCloseTo(RETRY_SECONDS[1], 0);

    await makeDue(t.db, setup.restaurant._id);
    await sender.runOnce();
    expect(messagesOf(setup.bot)).toHaveLength(1);
    expect((await orderRow(made._id)).telegram_error).toBeNull();
  });

  it('an answer slower than the timeout counts as a failure to retry', async () => {
    const setup = await telegramRestaurant();
    await order(setup);
    sim.control.failNext('sendMessage', { status: 500, delayMs: 1500 });
    await sender.runOnce();
    const [row] = await outboxOf(t.db, setup.restaurant._id);
    expect(row).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('no answer in time'),
    });
  });

  it('a 429 waits retry_after seconds, for every message of that chat', async () => {
    const setup = await telegramRestaurant();
    await order(setup);
    await order(setup);
    sim.control.failNext('sendMessage', {
      status: 429,
      description: 'Too Many Requests: retry after 37',
      retry_after: 37,
    });
    await sender.runOnce();
    const rows = await outboxOf(t.db, setup.restaurant._id);
    for (const row of rows) {
      expect(row.state).toBe('pending');
      expect(await secondsUntilNextAttempt(t.db, row.id)).toBeGreaterThan(35);
    }
    expect(await sender.runOnce()).toBe(0);
  });

  it('a permanent refusal stops the retries and shows on the order, on the restaurant and on the live screens', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    sim.control.setMember(setup.bot.channelId, setup.bot.token, 'left');
    const before = (await t.db.select({ id: sql<number>`coalesce(max(${staffEvents.id}), 0)` }).from(staffEvents))[0]!
      .id;
    await sender.runOnce();
    const [row] = await outboxOf(t.db, setup.restaurant._id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    const stored = await orderRow(made._id);
    expect(stored.telegram_error).toMatch(/^bot kanalga xabar yubora olmaydi: .*\(Telegram: Forbidden: /);
    // A change of the order: the live screens take a copy only when its updatedAt is newer.
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.parse(stored.createdAt));
    const [restaurant] = await t.db.select().from(restaurants).where(eq(restaurants._id, setup.restaurant._id));
    expect(restaurant!.telegram_error).toBe(stored.telegram_error);

    const list = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${setup.restaurant._id}` });
    expect(list.json().data[0]).toMatchObject({ _id: made._id, telegram_error: stored.telegram_error });
    const events = await t.db.select().from(staffEvents).where(sql`${staffEvents.id} > ${before}`);
    expect(events.at(-1)).toMatchObject({
      type: 'order.updated',
      data: { _id: made._id, telegram_error: stored.telegram_error },
    });
    const read = await t.call('owner', { method: 'GET', url: '/manager/restaurants/me' });
    expect(read.json().data.find((r: { _id: string }) => r._id === setup.restaurant._id)).toMatchObject({
      telegram_configured: true,
      telegram_error: stored.telegram_error,
    });

    await makeDue(t.db, setup.restaurant._id);
    expect(await sender.runOnce()).toBe(0);
    expect(sim.control.calls('sendMessage')).toHaveLength(1);

    // Its message never went out: a later change of the order has nothing to edit and writes nothing to the outbox.
    const accepted = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${made._id}`,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await outboxOf(t.db, setup.restaurant._id)).toMatchObject([{ action: 'send', state: 'failed' }]);
  });

  it('an error that no longer applies clears with the next delivered edit, and the live screens hear of it', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    await deliverAll();
    const put = (status: string) =>
      t.call('owner', { method: 'PUT', url: `/manager/orders/${made._id}`, payload: { status } });
    await put('accepted');
    sim.control.setMember(setup.bot.channelId, setup.bot.token, 'left');
    await deliverAll();
    const failed = await orderRow(made._id);
    expect(failed.telegram_error).toMatch(/^bot kanalga xabar yubora olmaydi/);

    // The bot is back in the channel: the next change is delivered and the order's error is gone.
    sim.control.setMember(setup.bot.channelId, setup.bot.token, 'administrator', true);
    await put('served');
    await deliverAll();
    const delivered = await orderRow(made._id);
    expect(delivered.telegram_error).toBeNull();
    expect(Date.parse(delivered.updatedAt)).toBeGreaterThan(Date.parse(failed.updatedAt));
    const [event] = await t.db
      .select()
      .from(staffEvents)
      .where(eq(staffEvents.restaurant_id, setup.restaurant._id))
      .orderBy(sql`${staffEvents.id} desc`)
      .limit(1);
    expect(event).toMatchObject({
      type: 'order.updated',
      data: { _id: made._id, status: 'served', telegram_error: null },
    });
    expect(messagesOf(setup.bot)[0]!.text).toContain('🍽 Berildi');
  });

  it('a waiter call refused for good shows on the call and on the live screens', async () => {
    const setup = await telegramRestaurant();
    sim.control.setMember(setup.bot.channelId, setup.bot.token, 'left');
    const res = await postCall(t, setup.restaurant.slug, { table_id: setup.table.token, type: 'bill' });
    const callId = res.json().data._id as string;
    const before = await lastStaffEventId();
    await deliverAll();
    const stored = await callRow(callId);
    expect(stored.telegram_error).toMatch(/^bot kanalga xabar yubora olmaydi/);
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.parse(stored.createdAt));
    const list = await t.call('owner', { method: 'GET', url: `/manager/calls?restaurant_id=${setup.restaurant._id}` });
    expect(list.json().data).toMatchObject([{ _id: callId, telegram_error: stored.telegram_error }]);
    expect(await staffEventsAfter(before)).toMatchObject([
      { type: 'call.updated', data: { _id: callId, telegram_error: stored.telegram_error } },
    ]);
    expect(await outboxOf(t.db, setup.restaurant._id)).toMatchObject([{ call_id: callId, state: 'failed' }]);
  });

  it('a message whose restaurant has no bot any more is dropped, not sent when a bot comes back', async () => {
    const setup = await telegramRestaurant();
    const stale = await order(setup);
    await t.db.update(restaurants).set({ bot_token: null }).where(eq(restaurants._id, setup.restaurant._id));
    await deliverAll();
    expect(await outboxOf(t.db, setup.restaurant._id)).toMatchObject([{ order_id: stale._id, state: 'skipped' }]);
    expect((await orderRow(stale._id)).telegram_error).toBeNull();

    await connectTelegram(t.db, setup.restaurant._id, setup.bot);
    const fresh = await order(setup);
    await deliverAll();
    expect(messagesOf(setup.bot).map((m) => m.text)).toEqual([expect.stringContaining(`Buyurtma №${fresh.number}`)]);
  });

  it('a token Telegram does not know (401) and a channel it cannot find (400) are permanent, each with its reason', async () => {
    const badToken = await telegramRestaurant();
    await t.db
      .update(restaurants)
      .set({ bot_token: '799999999:AAunknownTokenNobodyGaveOut000000000' })
      .where(eq(restaurants._id, badToken.restaurant._id));
    const badChat = await telegramRestaurant();
    await t.db
      .update(restaurants)
      .set({ channel_id: '-1009999999999' })
      .where(eq(restaurants._id, badChat.restaurant._id));
    const a = await order(badToken);
    const b = await order(badChat);
    await deliverAll();
    expect((await orderRow(a._id)).telegram_error).toMatch(/^bot tokeni noto'g'ri .*\(Telegram: Unauthorized\)$/);
    expect((await orderRow(b._id)).telegram_error).toMatch(/^kanal topilmadi: .*chat not found\)$/);
  });

  it(`gives up after ${GIVE_UP_HOURS} hours of failures`, async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    await t.db
      .update(telegramOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(telegramOutbox.order_id, made._id));
    sim.control.failNext('sendMessage', { status: 503 });
    await sender.runOnce();
    expect(await outboxOf(t.db, setup.restaurant._id)).toMatchObject([{ state: 'failed', last_error: GAVE_UP }]);
    expect((await orderRow(made._id)).telegram_error).toBe(GAVE_UP);
  });
});

describe('restarts and leases', () => {
  it('a sender that died mid-delivery leaves the row to the next one when its lease runs out, never at once', async () => {
    const setup = await telegramRestaurant();
    await order(setup);
    // Another process claims it and dies before answering.
    const claimed = await claimHeads(5);
    expect(claimed.map((r) => r.restaurant_id)).toContain(setup.restaurant._id);
    expect(await sender.runOnce()).toBe(0);
    await makeDue(t.db, setup.restaurant._id);
    const restarted = new TelegramSender({ db: t.db, api: { baseUrl: sim.url }, log: t.app.log, pace: NO_PACE });
    await restarted.runOnce();
    expect(messagesOf(setup.bot)).toHaveLength(1);
  });

  it("a claim's lease is its call's timeout and a margin: a process killed mid-call holds the chat back that long, not a minute", async () => {
    const setup = await telegramRestaurant();
    await order(setup);
    const api = { baseUrl: sim.url, timeoutMs: 1000 };
    const slow = new TelegramSender({ db: t.db, api, log: t.app.log, pace: NO_PACE });
    // Telegram takes the message but answers after 3 s: the call gives up at its timeout.
    sim.control.failNext('sendMessage', { status: 200, delayMs: 3000 });
    const started = Date.now();
    const round = slow.runOnce();
    while (sim.control.calls('sendMessage').length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // In the call now: had the process been killed here, the row would be another's after its lease.
    const [inFlight] = await outboxOf(t.db, setup.restaurant._id);
    const lease = await secondsUntilNextAttempt(t.db, inFlight!.id);
    expect(lease).toBeLessThanOrEqual(leaseSeconds(1000));
    expect(lease).toBeGreaterThan(leaseSeconds(1000) - 2);
    await round;
    // The call ended at its timeout, well within the lease: no other process could have sent it meanwhile.
    expect(Date.now() - started).toBeLessThan((leaseSeconds(1000) - LEASE_MARGIN_SECONDS) * 1000 + 500);
    const [row] = await outboxOf(t.db, setup.restaurant._id);
    expect(row).toMatchObject({ state: 'pending', last_error: expect.stringContaining('no answer in time') });
  });

  it("while another process has a chat's message in hand, the chat's next message waits: the channel reads them in order", async () => {
    const setup = await telegramRestaurant();
    const first = await order(setup);
    const second = await order(setup);
    // Another process takes №1 (and is slow about it).
    const claimed = await claimHeads(5);
    expect(claimed.filter((row) => row.restaurant_id === setup.restaurant._id).map((row) => row.order_id)).toEqual([
      first._id,
    ]);
    await sender.runOnce();
    expect(messagesOf(setup.bot)).toEqual([]);
    // Its lease runs out (it died): this process sends both, №1 first.
    await makeDue(t.db, setup.restaurant._id);
    await deliverAll();
    expect(messagesOf(setup.bot).map((m) => /№(\d+)/.exec(m.text)![1])).toEqual([
      String(first.number),
      String(second.number),
    ]);
  });

  it("a restarted server delivers what was waiting: the app's own sender, woken by nothing but its tick", async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    const started = new TelegramSender({ db: t.db, api: { baseUrl: sim.url }, log: t.app.log, tickMs: 50 });
    started.start();
    try {
      const message = await sim.control.waitForMessage(setup.bot.channelId, () => true);
      expect(message.text).toContain(`Buyurtma №${made.number}`);
    } finally {
      await started.stop();
    }
  });

  it('a chat called within its gap (by any process) is left out of a claim, and a claim takes at most its limit', async () => {
    const a = await telegramRestaurant();
    const b = await telegramRestaurant();
    const c = await telegramRestaurant();
    const d = await telegramRestaurant();
    const e = await telegramRestaurant();
    const all = [a, b, c, d, e];
    for (const setup of all) await order(setup);
    const ours = (rows: { restaurant_id: string }[]) =>
      rows.map((row) => row.restaurant_id).filter((id) => all.some((s) => s.restaurant._id === id));
    // a and e were called a moment ago: with a minute's gap they rest. Three chats may be claimed, two are: the limit.
    await t.db
      .insert(telegramChats)
      .values([a, e].map((setup) => ({ restaurant_id: setup.restaurant._id, last_call_at: sql`now()` })));
    const pace = { ...NO_PACE, minGapMs: 60_000 };
    const first = (await claimDueMessages(t.db, { limit: 2, leaseSeconds: 60, pace })).map((claim) => claim.rows[0]!);
    expect(first).toHaveLength(2);
    expect(ours(first)).not.toContain(a.restaurant._id);
    expect(ours(first)).not.toContain(e.restaurant._id);
    expect(ours(first).length).toBeGreaterThan(0);
    const second = await claimHeads(10);
    // What the first claim took is leased; the rest (the resting chats' included) comes now.
    expect(new Set([...ours(first), ...ours(second)])).toEqual(new Set(all.map((s) => s.restaurant._id)));
    expect(ours(second)).toContain(a.restaurant._id);
  });

  it('finished rows are pruned after their days, pending ones never', async () => {
    const setup = await telegramRestaurant();
    const old = await order(setup);
    await deliverAll();
    const waiting = await order(setup);
    await t.db
      .update(telegramOutbox)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(telegramOutbox.restaurant_id, setup.restaurant._id));
    const recent = await order(setup);
    await t.db.update(telegramOutbox).set({ state: 'sent' }).where(eq(telegramOutbox.order_id, recent._id));
    expect(await pruneOutbox(t.db, 7)).toBeGreaterThanOrEqual(1);
    expect((await outboxOf(t.db, setup.restaurant._id)).map((row) => row.order_id)).toEqual([waiting._id, recent._id]);
    expect(old._id).not.toBe(waiting._id);
  });

  it('a deleted order takes its waiting messages with it', async () => {
    const setup = await telegramRestaurant();
    const made = await order(setup);
    await t.db.delete(orders).where(eq(orders._id, made._id));
    expect(await outboxOf(t.db, setup.restaurant._id)).toEqual([]);
    expect(await t.db.select().from(calls).where(eq(calls.restaurant_id, setup.restaurant._id))).toEqual([]);
  });
});
