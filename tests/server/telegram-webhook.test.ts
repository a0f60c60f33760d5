import { type AddressInfo, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, restaurants, telegramOutbox } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { MOVE_REFUSED } from '../../server/domain/orders/moves';
import { PRESS_ANSWERS } from '../../server/telegram/updates';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, postCall, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// Receiving with PUBLIC_URL: a saved bot token registers the restaurant's webhook with a secret; Telegram's
// calls to it are refused without that secret, applied once per update_id, answered, and the message is edited.
// The app listens on loopback at PUBLIC_URL, so the simulator's webhook calls reach it over real HTTP.
let PUBLIC_URL: string;
let port: number;
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
  port = await freePort();
  PUBLIC_URL = `http://127.0.0.1:${port}`;
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url, PUBLIC_URL }) });
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => sim.close());

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
}

const STAFF = { id: 901, first_name: 'Aziza', username: 'aziza_ofitsiant' };
let nextUpdate = 1000;

/** A restaurant with its bot saved through the API (so its webhook is registered) and a delivered order. */
async function withWebhook() {
  const setup = await orderingRestaurant(t);
  const bot = addBotAndChannel(sim, { admins: [STAFF] });
  const saved = await t.call('admin', {
    method: 'PUT',
    url: `/manager/restaurants/update?slug=${setup.restaurant.slug}`,
    payload: { bot_token: bot.token, channel_id: bot.channel },
  });
  expect(saved.statusCode).toBe(200);
  const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, setup.restaurant._id));
  const made = await postOrder(t, setup.restaurant.slug, {
    table_id: setup.table.token,
    items: [{ product_id: setup.product._id, quantity: 1 }],
  });
  const orderId = made.json().data._id as string;
  const message = await sim.control.waitForMessage(bot.channelId, (m) => m.text.includes('Buyurtma №'));
  return { ...setup, bot, secret: row!.telegram_webhook_secret!, orderId, message };
}

function press(restaurantId: string, secret: string | undefined, data: string, updateId = nextUpdate++) {
  return t.app.inject({
    method: 'POST',
    url: `/telegram/webhook/${restaurantId}`,
    headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: { update_id: updateId, callback_query: { id: `cq-${updateId}`, from: STAFF, data, chat_instance: '1' } },
  });
}

/** What the app answered a press with (the simulator refuses ids it did not make, but records every call). */
const answersTo = (updateId: number) =>
  sim.control
    .calls('answerCallbackQuery')
    .map((call) => call.body)
    .filter((body) => body.callback_query_id === `cq-${updateId}`);
const answerOf = (updateId: number) => answersTo(updateId)[0];
const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders._id, orderId)))[0]!;

describe('registering the webhook', () => {
  it('a saved bot token sets the webhook at PUBLIC_URL with a secret and only callback_query updates', async () => {
    const setup = await withWebhook();
    expect(setup.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sim.control.webhook(setup.bot.token)).toEqual({
      url: `${PUBLIC_URL}/telegram/webhook/${setup.restaurant._id}`,
      secret_token: setup.secret,
      allowed_updates: ['callback_query'],
    });
    // Without PUBLIC_URL the bot is polled instead: nobody polls here.
    expect(t.app.telegram.poller).toBeUndefined();
  });

  it('a restaurant the admin creates with a bot token has its webhook set at once', async () => {
    const bot = addBotAndChannel(sim);
    const slug = `bot-${Date.now()}`;
    const created = await t.call('admin', {
      method: 'POST',
      url: '/admin/restaurants/create',
      payload: {
        name: 'Botli Restoran',
        slug,
        address: 'Toshkent',
        phone_number: '+998 90 123 45 67',
        work_time: '09:00 - 23:00',
        manager_id: t.owner._id,
        is_active: true,
        bot_token: bot.token,
        channel_id: bot.channel,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    expect(sim.control.webhook(bot.token)).toMatchObject({ url: `${PUBLIC_URL}/telegram/webhook/${id}` });
  });
});

describe('POST /telegram/webhook/{id}', () => {
  it('answers 403 without the secret, with another one, or for a restaurant without a bot; nothing changes', async () => {
    const setup = await withWebhook();
    const other = await withWebhook();
    const data = `o:a:${setup.orderId}`;
    for (const res of [
      await press(setup.restaurant._id, undefined, data),
      await press(setup.restaurant._id, 'x'.repeat(43), data),
      await press(setup.restaurant._id, other.secret, data),
      await press((await orderingRestaurant(t)).restaurant._id, setup.secret, data),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await statusOf(setup.orderId)).status).toBe('new');
  });

  it('answers 403 to a secret of another length, and to the old secret once the bot is removed', async () => {
    const setup = await withWebhook();
    const data = `o:a:${setup.orderId}`;
    expect((await press(setup.restaurant._id, 'short', data)).statusCode).toBe(403);
    const removed = await t.call('admin', {
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${setup.restaurant.slug}`,
      payload: { bot_token: '' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await press(setup.restaurant._id, setup.secret, data)).statusCode).toBe(403);
    expect((await statusOf(setup.orderId)).status).toBe('new');
  });

  it('a press in Telegram reaches the webhook over HTTP, accepts the order, is answered, and the message is edited', async () => {
    const setup = await withWebhook();
    const pressed = await sim.control.press(
      setup.bot.channelId,
      setup.message.message_id,
      `o:a:${setup.orderId}`,
      STAFF,
    );
    const edited = await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count > 0);
    expect(edited.text).toContain('<b>✅ Qabul qilindi</b> — Aziza (@aziza_ofitsiant) · Telegram');
    expect(sim.control.callbackAnswers()).toContainEqual(
      expect.objectContaining({ callback_query_id: pressed.callback_query_id, text: PRESS_ANSWERS.accept }),
    );
    expect((await statusOf(setup.orderId)).status).toBe('accepted');
  });

  it('a press accepts the order as the panel would, answers it, and the message is edited to say who did it', async () => {
    const setup = await withWebhook();
    const updateId = nextUpdate++;
    const res = await press(setup.restaurant._id, setup.secret, `o:a:${setup.orderId}`, updateId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await statusOf(setup.orderId)).toMatchObject({
      status: 'accepted',
      status_changed_by: 'Aziza (@aziza_ofitsiant) · Telegram',
    });
    expect(answerOf(updateId)).toMatchObject({ text: PRESS_ANSWERS.accept });
    const edited = await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count > 0);
    expect(edited.message_id).toBe(setup.message.message_id);
    expect(edited.text).toContain('<b>✅ Qabul qilindi</b> — Aziza (@aziza_ofitsiant) · Telegram');
    expect(edited.reply_markup!.inline_keyboard[0]!.map((b) => b.text)).toEqual(['Berildi', 'Bekor qilish']);
  });

  it('the same update_id twice (Telegram retrying) is applied and answered once', async () => {
    const setup = await withWebhook();
    const updateId = nextUpdate++;
    expect((await press(setup.restaurant._id, setup.secret, `o:a:${setup.orderId}`, updateId)).statusCode).toBe(200);
    expect((await press(setup.restaurant._id, setup.secret, `o:s:${setup.orderId}`, updateId)).statusCode).toBe(200);
    expect((await statusOf(setup.orderId)).status).toBe('accepted');
    expect(answersTo(updateId)).toHaveLength(1);
    const edits = await t.db.select().from(telegramOutbox).where(eq(telegramOutbox.order_id, setup.orderId));
    expect(edits.filter((row) => row.action === 'edit')).toHaveLength(1);
  });

  it('a served order cannot be cancelled: the button answers so, with an alert', async () => {
    const setup = await withWebhook();
    await press(setup.restaurant._id, setup.secret, `o:a:${setup.orderId}`);
    await press(setup.restaurant._id, setup.secret, `o:s:${setup.orderId}`);
    const updateId = nextUpdate++;
    await press(setup.restaurant._id, setup.secret, `o:c:${setup.orderId}`, updateId);
    expect((await statusOf(setup.orderId)).status).toBe('served');
    expect(answerOf(updateId)).toMatchObject({ text: MOVE_REFUSED('served', 'cancelled'), show_alert: true });
  });

  it("another restaurant's bot cannot act on an order, and unknown button data is answered, not applied", async () => {
    const mine = await withWebhook();
    const theirs = await withWebhook();
    const foreign = nextUpdate++;
    await press(theirs.restaurant._id, theirs.secret, `o:c:${mine.orderId}`, foreign);
    expect((await statusOf(mine.orderId)).status).toBe('new');
    expect(answerOf(foreign)).toMatchObject({ text: PRESS_ANSWERS.unknown, show_alert: true });
    const garbage = nextUpdate++;
    await press(mine.restaurant._id, mine.secret, 'o:x:not-an-id', garbage);
    expect(answerOf(garbage)).toMatchObject({ text: PRESS_ANSWERS.unknown });
  });

  it("a stranger's press (not an administrator of the channel, not linked staff) changes nothing", async () => {
    const setup = await withWebhook();
    const id = nextUpdate++;
    const res = await t.app.inject({
      method: 'POST',
      url: `/telegram/webhook/${setup.restaurant._id}`,
      headers: { 'x-telegram-bot-api-secret-token': setup.secret },
      payload: {
        update_id: id,
        callback_query: { id: `cq-${id}`, from: { id: 666, first_name: 'Begona' }, data: `o:a:${setup.orderId}` },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(answerOf(id)).toMatchObject({ text: PRESS_ANSWERS.refused, show_alert: true });
    expect((await statusOf(setup.orderId)).status).toBe('new');
  });

  it('a waiter call is marked done from its button; a second press says it is done already', async () => {
    const setup = await orderingRestaurant(t);
    const bot = addBotAndChannel(sim, { admins: [STAFF] });
    await connectTelegram(t.db, setup.restaurant._id, bot);
    await t.app.telegram.settingsSaved(setup.restaurant._id);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, setup.restaurant._id));
    const call = await postCall(t, setup.restaurant.slug, { table_id: setup.table.token, type: 'bill' });
    const callId = call.json().data._id as string;
    await sim.control.waitForMessage(bot.channelId, (m) => m.text.includes("hisob so'ralmoqda"));
    const first = nextUpdate++;
    await press(setup.restaurant._id, row!.telegram_webhook_secret!, `c:d:${callId}`, first);
    expect(answerOf(first)).toMatchObject({ text: PRESS_ANSWERS.done });
    const second = nextUpdate++;
    await press(setup.restaurant._id, row!.telegram_webhook_secret!, `c:d:${callId}`, second);
    expect(answerOf(second)).toMatchObject({ text: 'Bu chaqiruv allaqachon bajarilgan.', show_alert: true });
    const edited = await sim.control.waitForMessage(bot.channelId, (m) => m.edit_count > 0);
    expect(edited.text).toContain('✅ Bajarildi</b> — Aziza (@aziza_ofitsiant) · Telegram');
  });
});
