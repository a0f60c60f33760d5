import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightRollups, orders, restaurants } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { digestDay, queueDueDigests } from '../../server/domain/insights/digest';
import { unitOfWork } from '../../server/domain/unit-of-work';
import { addCounts } from '../../server/repositories/insights';
import { NO_PACE } from '../../server/telegram/chat-pace';
import { digestMessage } from '../../server/telegram/digest-message';
import { TelegramSender } from '../../server/telegram/sender';
import { createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { line, orderingRestaurant, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram, outboxOf } from './telegram-fixtures';

/**
 * The daily digest: queued through Telegram's outbox when the restaurant's digest time has come in its time zone, once
 * a day whoever asks, delivered to its channel by the sender (the Bot API simulator over real HTTP); digest_time set
 * and refused through the restaurant's update.
 */

let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url }) });
let sender: TelegramSender;
beforeAll(async () => {
  await t.app.telegram.sender.stop();
  sender = new TelegramSender({ db: t.db, api: { baseUrl: sim.url, timeoutMs: 500 }, log: t.app.log, pace: NO_PACE });
});
afterAll(() => sim.close());

/** The digest's use case on a unit of work that counts the outbox wakes it asks for after its commits. */
const wakes = { outbox: 0 };
const deps = () => ({
  db: t.db,
  work: unitOfWork(t.db, {
    menuChanged: () => {},
    outboxWritten: () => {
      wakes.outbox += 1;
    },
  }),
});
const deliver = async () => {
  for (let round = 0; round < 10 && (await sender.runOnce()) > 0; round++);
};

describe('the daily digest', () => {
  it('goes to the channel once a day, with the day’s orders, revenue and top dishes', async () => {
    const s = await orderingRestaurant(t, { name: 'Rayhon & Co', digest_time: '00:00' });
    const manti = await createProduct(t.db, s.category._id, { name: 'Manti', price: 30000 });
    const off = await createProduct(t.db, s.category._id, { name: 'Somsa', price: 8000, is_active: false });
    const looked = await createProduct(t.db, s.category._id, { name: 'Lagmon', price: 25000 });
    const bot = addBotAndChannel(sim);
    await connectTelegram(t.db, s.restaurant._id, bot);
    for (const items of [
      [line(manti._id), line(s.product._id)],
      [{ product_id: manti._id, quantity: 2 }],
      [line(off._id)],
    ]) {
      await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items });
    }
    // Placed yesterday: a digest at 00:00 tells of the day before.
    await t.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '1 day'` })
      .where(eq(orders.restaurant_id, s.restaurant._id));
    // Yesterday a diner also opened Lagmon's details many times, and ordered none: the report lists it, the top does not.
    const [placed] = await t.db
      .select({
        hour: sql<string>`to_char(date_trunc('hour', ${orders.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"')`,
      })
      .from(orders)
      .where(eq(orders.restaurant_id, s.restaurant._id))
      .limit(1);
    await addCounts(t.db, [
      { restaurant_id: s.restaurant._id, hour: placed!.hour, kind: 'detail_open', subject: looked._id, count: 9 },
    ]);
    const watermark = { rolled_until: sql`date_trunc('hour', now() - interval '3 days')` };
    // An upsert: a test database reused by another file had every table emptied, the migration's row too.
    await t.db
      .insert(insightRollups)
      .values({ id: 1, ...watermark })
      .onConflictDoUpdate({ target: insightRollups.id, set: watermark });
    await deliver();
    const before = sim.control.messages(bot.channelId).length;

    const wakesBefore = wakes.outbox;
    const queued = await queueDueDigests(deps());
    expect(queued).toBeGreaterThanOrEqual(1);
    // Each digest queued wakes the sender once it is committed, rather than at its next tick.
    expect(wakes.outbox - wakesBefore).toBe(queued);
    // Asked again (another process, the next round): already queued today, and nothing to wake for.
    expect(await queueDueDigests(deps())).toBe(0);
    expect(wakes.outbox - wakesBefore).toBe(queued);
    const rows = (await outboxOf(t.db, s.restaurant._id)).filter((row) => row.body !== null);
    expect(rows).toHaveLength(1);
    await deliver();
    const messages = sim.control.messages(bot.channelId).slice(before);
    expect(messages).toHaveLength(1);
    const text = messages[0]!.text;
    expect(text).toContain('<b>Rayhon &amp; Co</b>');
    expect(text).toContain("Buyurtmalar: 2 · Tushum: 115\u00a0000\u00a0so'm");
    expect(text.split('\n')).toContain(`🍽 Eng ko'p buyurtma qilingan: Manti (2), ${s.product.name} (1)`);
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, s.restaurant._id));
    expect(row!.digest_sent_on).not.toBeNull();
  });

  it('sends nothing to a restaurant without Telegram, or with its digest off or not due yet', async () => {
    const noTelegram = await orderingRestaurant(t, { digest_time: '00:00' });
    const off = await orderingRestaurant(t, { digest_time: null });
    const later = await orderingRestaurant(t, { digest_time: '23:59' });
    for (const r of [off, later]) await connectTelegram(t.db, r.restaurant._id, addBotAndChannel(sim));
    await queueDueDigests(deps());
    for (const r of [noTelegram, off, later]) {
      expect((await outboxOf(t.db, r.restaurant._id)).filter((row) => row.body !== null)).toEqual([]);
    }
  });

  it('tells of the day before when sent in the morning, of the day itself from noon', () => {
    const days = { today: '2026-12-03', yesterday: '2026-12-02' };
    expect(digestDay({ ...days, digest_time: '08:00' })).toBe('2026-12-02');
    expect(digestDay({ ...days, digest_time: '11:59' })).toBe('2026-12-02');
    expect(digestDay({ ...days, digest_time: '12:00' })).toBe('2026-12-03');
    expect(digestDay({ ...days, digest_time: '23:00' })).toBe('2026-12-03');
  });

  it('says so when nothing was ordered, and escapes the restaurant’s name', () => {
    const text = digestMessage('<b>Bahor</b>', {
      day: '2026-12-03',
      menu_opens: 12,
      orders: 0,
      revenue: 0,
      average_check: 0,
      tips: 0,
      unavailable_refusals: 0,
      slowest_call_seconds: 130,
      top: [],
    });
    expect(text.split('\n')).toEqual([
      '📊 <b>&lt;b&gt;Bahor&lt;/b&gt;</b>: 3-dekabr hisoboti',
      "Buyurtma bo'lmadi.",
      '🔔 Chaqiruvga eng sekin javob: 2\u00a0daq\u00a010\u00a0s',
      '👀 Menyu ochildi: 12 marta',
    ]);
  });

  it('takes digest_time from the restaurant’s owner, refuses a time that is none, and null turns it off', async () => {
    const s = await orderingRestaurant(t);
    const put = (payload: object) =>
      t.call('owner', { method: 'PUT', url: `/manager/restaurants/update?slug=${s.restaurant.slug}`, payload });
    const read = async () =>
      (await t.call('owner', { method: 'GET', url: '/manager/restaurants/me' }))
        .json()
        .data.find((r: { _id: string }) => r._id === s.restaurant._id).digest_time;
    expect(await read()).toBe('23:00');
    expect((await put({ digest_time: '21:30' })).statusCode).toBe(200);
    expect(await read()).toBe('21:30');
    const refused = await put({ digest_time: '25:00' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      "Hisobot vaqti SS:DD ko'rinishida bo'lishi kerak (masalan, 23:00).",
    ]);
    expect((await put({ digest_time: null })).statusCode).toBe(200);
    expect(await read()).toBeNull();
    // Not shown to the public.
    const publicRead = await t.app.inject({ method: 'GET', url: `/user/restaurants/view?slug=${s.restaurant.slug}` });
    expect(JSON.stringify(publicRead.json())).not.toContain('digest_time');
  });
});
