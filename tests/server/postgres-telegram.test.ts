import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { telegramOutbox } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { NO_PACE } from '../../server/telegram/chat-pace';
import { TelegramSender } from '../../server/telegram/sender';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import type { Tenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// PostgreSQL only (see vitest.config.ts): two server processes' senders on one database, as behind a load balancer,
// deliver a burst of orders at the same time. Each message must reach Telegram exactly once: without SKIP LOCKED and
// the lease, both would take the same rows.
let sim: TelegramSimulator;
let a: TestApp;
let bDatabase: Database;

beforeAll(async () => {
  sim = await startTelegramSimulator();
  a = await createTestApp({ TELEGRAM_API_URL: sim.url });
  await a.app.telegram.sender.stop();
  const name = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
});
afterAll(async () => {
  await bDatabase.close();
  await a.close();
  await sim.close();
});

describe('two processes sending one outbox', () => {
  it('deliver every message once, each chat in order', async () => {
    const owner = await createUser(a.app, a.db, 'manager');
    const tenants = { ...a, owner } as unknown as Tenants;
    const chats: { channelId: number; orders: string[] }[] = [];
    for (let r = 0; r < 6; r++) {
      const setup = await orderingRestaurant(tenants);
      const bot = addBotAndChannel(sim);
      await connectTelegram(a.db, setup.restaurant._id, bot);
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await postOrder(tenants, setup.restaurant.slug, {
          table_id: setup.table.token,
          items: [{ product_id: setup.product._id, quantity: 1 }],
        });
        made.push(res.json().data._id as string);
      }
      chats.push({ channelId: bot.channelId, orders: made });
    }
    const senders = [a.db, bDatabase.db].map(
      (db) => new TelegramSender({ db, api: { baseUrl: sim.url }, log: a.app.log, pace: NO_PACE }),
    );
    // Each answer 30 ms late (served all the same): both processes then have messages in flight at once.
    sim.control.failNext('sendMessage', { status: 200, delayMs: 30 }, 30);
    const drain = async (sender: TelegramSender) => {
      for (let idle = 0; idle < 3; ) idle = (await sender.runOnce()) === 0 ? idle + 1 : 0;
    };
    await Promise.all(senders.map(drain));

    expect(sim.control.calls('sendMessage')).toHaveLength(30);
    for (const chat of chats) {
      const texts = sim.control.messages(chat.channelId).map((m) => m.text);
      expect(texts).toHaveLength(5);
      // The day's numbers in order: one chat's messages went one at a time, oldest first.
      expect(texts.map((text) => Number(/№(\d+)/.exec(text)![1]))).toEqual([1, 2, 3, 4, 5]);
    }
    const rows = await a.db.select().from(telegramOutbox).where(eq(telegramOutbox.action, 'send'));
    expect(rows.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });

  it("keep one chat's pace between them: the gap between two calls is the chat's, not each process's", async () => {
    const owner = await createUser(a.app, a.db, 'manager');
    const tenants = { ...a, owner } as unknown as Tenants;
    const setup = await orderingRestaurant(tenants);
    const bot = addBotAndChannel(sim);
    await connectTelegram(a.db, setup.restaurant._id, bot);
    for (let i = 0; i < 6; i++) {
      const res = await postOrder(tenants, setup.restaurant.slug, {
        table_id: setup.table.token,
        items: [{ product_id: setup.product._id, quantity: 1 }],
      });
      expect(res.statusCode).toBe(201);
    }
    const pace = { ...NO_PACE, minGapMs: 300 };
    const senders = [a.db, bDatabase.db].map(
      (db) => new TelegramSender({ db, api: { baseUrl: sim.url }, log: a.app.log, pace }),
    );
    const before = sim.control.calls('sendMessage').length;
    const waiting = async () =>
      (await a.db.select().from(telegramOutbox).where(eq(telegramOutbox.restaurant_id, setup.restaurant._id))).filter(
        (row) => row.state === 'pending',
      ).length;
    const drain = async (sender: TelegramSender) => {
      while ((await waiting()) > 0) {
        await sender.runOnce();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all(senders.map(drain));
    const sends = sim.control.calls('sendMessage').slice(before);
    expect(sends).toHaveLength(6);
    // One pace for the chat across both processes: six calls take five gaps of 300 ms end to end, where each process
    // pacing only itself would send side by side in about half that. Measured over the whole run, not call by call: a
    // call held up on its way on a loaded machine shortens the one gap after it, not the chat's pace.
    expect(sends.at(-1)!.at - sends[0]!.at).toBeGreaterThanOrEqual(1200);
  });
});
