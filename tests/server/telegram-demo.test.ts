import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, restaurants, restaurantTables } from '../../server/db/schema';
import { seedDemo } from '../../server/dev/demo/seed';
import { DEMO_TELEGRAM, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createTestApp, type TestApp } from '../support/app';
import { suiteApp } from '../support/suite-app';
import { freshAddress } from './orders-fixtures';

// Demo mode: without TELEGRAM_API_URL the app runs the local Bot API simulator; the ordering demo restaurant
// delivers to its channel, which /dev/telegram shows (never Telegram's real servers).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' }, { telegramTickMs: 100, telegramPollSeconds: 1 });
  await seedDemo(t.db, { dataDir: t.config.dataDir, telegram: t.app.telegram.demoSettings });
  t.app.telegram.poller?.refreshSoon();
});
afterAll(() => t.close());

describe('demo mode', () => {
  it('talks to the local simulator, and Samarqand Darvozasi delivers an order to the demo channel', async () => {
    // The app sees only where the simulator answers; the test drives the whole of it.
    const sim = t.app.telegram.simulator as TelegramSimulator;
    expect(t.app.telegram.api.baseUrl).toBe(sim.url);
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [demo] = await t.db.select().from(restaurants).where(eq(restaurants.bot_token, DEMO_TELEGRAM.token));
    expect(demo).toMatchObject({
      name: 'Samarqand Darvozasi',
      channel_id: String(DEMO_TELEGRAM.channelId),
      ordering_enabled: true,
    });
    const [table] = await t.db.select().from(restaurantTables).where(eq(restaurantTables.restaurant_id, demo!._id));
    const [product] = await t.db
      .select({ _id: products._id })
      .from(products)
      .innerJoin(categories, eq(categories._id, products.category_id))
      .where(and(eq(categories.restaurant_id, demo!._id), eq(products.is_active, true), eq(categories.is_active, true)))
      .limit(1);
    const productId = product!._id;
    const order = await t.app.inject({
      method: 'POST',
      url: `/menu/${demo!.slug}/orders`,
      headers: { 'idempotency-key': 'demo-telegram-1' },
      payload: { table_id: table!.token, items: [{ product_id: productId, quantity: 1 }] },
      remoteAddress: freshAddress(),
    });
    expect(order.statusCode).toBe(201);
    const message = await sim.control.waitForMessage(DEMO_TELEGRAM.channelId, (m) => m.text.includes('Buyurtma №'));
    expect(message.text).toContain('Samarqand Darvozasi');
    expect(message.reply_markup!.inline_keyboard[0]!.map((b) => b.text)).toEqual(['Qabul qilish', 'Bekor qilish']);
  });

  it('serves /dev/telegram to a browser (not the panel), with its script and style as files', async () => {
    const page = await t.app.inject({ url: '/dev/telegram', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Telegram simulyatori');
    expect(page.body).not.toContain('id="root"');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('not in demo mode', () => {
  describe('on an app of its own', () => {
    // TELEGRAM_API_URL unset (createTestApp otherwise points it at a closed local port).
    const plain = suiteApp({ TELEGRAM_API_URL: '' });

    it('has no simulator and no /dev/telegram', async () => {
      expect(plain.app.telegram.simulator).toBeUndefined();
      expect(plain.app.telegram.api.baseUrl).toBe('https://api.telegram.org');
      const page = await plain.app.inject({ url: '/dev/telegram' });
      expect(page.statusCode).toBe(404);
    });
  });
});
