import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, telegramPollers } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { botIdOf } from '../../server/telegram/bot-api';
import { TelegramPoller } from '../../server/telegram/poller';
import { PRESS_ANSWERS } from '../../server/telegram/updates';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import type { Tenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// Receiving without PUBLIC_URL: each bot is long-polled (getUpdates) by one process, from the offset kept in
// the database; a press in Telegram changes the order and edits its message.
let sim: TelegramSimulator;
let t: TestApp;
let tenants: Tenants;
beforeAll(async () => {
  sim = await startTelegramSimulator();
  t = await createTestApp({ TELEGRAM_API_URL: sim.url }, { telegramPollSeconds: 1, telegramTickMs: 100 });
  const owner = await createUser(t.app, t.db, 'manager');
  tenants = { ...t, owner } as unknown as Tenants;
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const STAFF = { id: 902, first_name: 'Bobur' };

async function pollingRestaurant() {
  const setup = await orderingRestaurant(tenants);
  const bot = addBotAndChannel(sim, { admins: [STAFF] });
  await connectTelegram(t.db, setup.restaurant._id, bot);
  await t.app.telegram.settingsSaved(setup.restaurant._id);
  const made = await postOrder(tenants, setup.restaurant.slug, {
    table_id: setup.table.token,
    items: [{ product_id: setup.product._id, quantity: 3 }],
  });
  const orderId = made.json().data._id as string;
  const message = await sim.control.waitForMessage(bot.channelId, (m) => m.text.includes('Buyurtma №'));
  return { ...setup, bot, orderId, message };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('long polling', () => {
  it('a press is read by getUpdates, applied, answered, and the message edited; the offset is kept', async () => {
    const setup = await pollingRestaurant();
    const pressed = await sim.control.press(
      setup.bot.channelId,
      setup.message.message_id,
      `o:c:${setup.orderId}`,
      STAFF,
    );
    const edited = await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count > 0, 8000);
    expect(edited.text).toContain('<b>❌ Bekor qilindi</b> — Bobur · Telegram');
    expect(edited.reply_markup?.inline_keyboard ?? []).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders._id, setup.orderId));
    expect(order).toMatchObject({ status: 'cancelled', status_changed_by: 'Bobur · Telegram' });
    expect(sim.control.callbackAnswers()).toContainEqual(
      expect.objectContaining({ callback_query_id: pressed.callback_query_id, text: PRESS_ANSWERS.cancel }),
    );
    const [poller] = await until(
      () =>
        t.db
          .select()
          .from(telegramPollers)
          .where(eq(telegramPollers.bot_id, botIdOf(setup.bot.token))),
      (rows) => rows[0]?.next_offset === pressed.update_id + 1,
    );
    expect(poller!.next_offset).toBe(pressed.update_id + 1);
    // Only callback queries are asked for.
    const polls = sim.control.calls('getUpdates').filter((call) => call.token === setup.bot.token);
    expect(polls.at(-1)!.body).toMatchObject({ allowed_updates: ['callback_query'], timeout: 1 });
  });

  it('one poller per bot across processes: a second process polls nothing while the first holds the lease', async () => {
    const setup = await pollingRestaurant();
    const botId = botIdOf(setup.bot.token);
    await until(
      async () => t.app.telegram.poller!.polling(),
      (bots) => bots.includes(botId),
    );
    // A loop is listed as soon as it starts, before it holds the lease: wait for the lease itself.
    await until(
      async () => t.db.select().from(telegramPollers).where(eq(telegramPollers.bot_id, botId)),
      (rows) => rows.length === 1,
    );
    const second = new TelegramPoller(
      { db: t.db, work: t.app.work, api: t.app.telegram.api, log: t.app.log, rights: t.app.telegram.rights },
      { pollSeconds: 1, botsEveryMs: 100 },
    );
    second.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(second.polling()).not.toContain(botId);
      // The first one stops (a restart): the second takes the bot over and continues from the kept offset.
      await t.app.telegram.poller!.stop();
      const taken = await until(
        async () => second.polling(),
        (bots) => bots.includes(botId),
      );
      expect(taken).toContain(botId);
      const pressed = await sim.control.press(
        setup.bot.channelId,
        setup.message.message_id,
        `o:a:${setup.orderId}`,
        STAFF,
      );
      await until(
        async () => sim.control.callbackAnswers(),
        (answers) => answers.some((a) => a.callback_query_id === pressed.callback_query_id),
      );
      const [order] = await t.db.select().from(orders).where(eq(orders._id, setup.orderId));
      expect(order!.status).toBe('accepted');
    } finally {
      await second.stop();
    }
  });
});
