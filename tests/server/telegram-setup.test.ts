import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { SLUG_TAKEN } from '../../server/repositories/restaurants';
import { TEST_NOT_CONFIGURED, TEST_SENT } from '../../server/routes/manager/telegram-test';
import { SETUP_ERRORS } from '../../server/telegram/setup';
import { createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// Setting it up: a bot token and channel are checked with Telegram when saved (a clear Uzbek refusal instead
// of a save that never delivers), and "Sinov xabari yuborish" proves it at once.
let sim: TelegramSimulator;
beforeAll(async () => {
  sim = await startTelegramSimulator();
});
const t = setupTenants({ env: () => ({ TELEGRAM_API_URL: sim.url }) });
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

/** The calls a save made (the app's poller also calls getUpdates for the bots it finds meanwhile). */
const setupCalls = () => sim.control.calls().filter((call) => call.method !== 'getUpdates');

function createBody(values: Record<string, unknown>) {
  const slug = `tg-${randomUUID().slice(0, 8)}`;
  return {
    name: 'Telegram restorani',
    slug,
    address: 'Toshkent',
    manager_id: t.owner._id,
    is_active: true,
    phone_number: '+998 90 123 45 67',
    work_time: '09:00 - 23:00',
    ...values,
  };
}
const create = (values: Record<string, unknown>) =>
  t.call('admin', { method: 'POST', url: '/admin/restaurants/create', payload: createBody(values) });

describe('saving a bot token and a channel', () => {
  it('accepts a bot that may post in the channel: the restaurant delivers from now on', async () => {
    const bot = addBotAndChannel(sim);
    const res = await create({ bot_token: bot.token, channel_id: bot.channel });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      bot_token: bot.token,
      channel_id: bot.channel,
      telegram_configured: true,
      telegram_error: null,
    });
    expect(setupCalls().map((c) => c.method)).toEqual(['getMe', 'getChat', 'getChatMember']);
  });

  it.each([
    ['a token not shaped like one', () => ({ bot_token: '1:abc' }), SETUP_ERRORS.tokenShape],
    [
      'a token Telegram does not know',
      () => ({ bot_token: '712345678:AAnobodyEverGaveOutThisTokenAtAll00' }),
      SETUP_ERRORS.tokenUnknown,
    ],
    [
      'a channel Telegram cannot find',
      () => ({ bot_token: addBotAndChannel(sim).token, channel_id: '-1009999999999' }),
      SETUP_ERRORS.chatNotFound,
    ],
    [
      'a channel the bot is in without the right to post',
      () => {
        const bot = addBotAndChannel(sim, { canPost: false });
        return { bot_token: bot.token, channel_id: bot.channel };
      },
      SETUP_ERRORS.cannotPost,
    ],
    [
      'a channel the bot has left',
      () => {
        const bot = addBotAndChannel(sim);
        sim.control.setMember(bot.channelId, bot.token, 'left');
        return { bot_token: bot.token, channel_id: bot.channel };
      },
      SETUP_ERRORS.cannotPost,
    ],
  ])('refuses %s with a 400 naming the field, saving nothing', async (_name, values, message) => {
    const before = (await t.db.select().from(restaurants)).length;
    const res = await create(values());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.db.select().from(restaurants)).length).toBe(before);
  });

  it('a bot without a channel is saved but not configured (nothing to deliver to)', async () => {
    const bot = addBotAndChannel(sim);
    const res = await create({ bot_token: bot.token });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ bot_token: bot.token, channel_id: null, telegram_configured: false });
  });

  it('refuses a taken slug before asking Telegram anything', async () => {
    const taken = await createRestaurant(t.db, { manager_id: t.owner._id });
    const bot = addBotAndChannel(sim);
    const res = await create({ slug: taken.slug.toUpperCase(), bot_token: bot.token, channel_id: bot.channel });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLUG_TAKEN);
    expect(setupCalls()).toEqual([]);
  });

  it('answers 502 when Telegram cannot be reached, and saves nothing', async () => {
    sim.control.failNext('getMe', { status: 0 });
    const bot = addBotAndChannel(sim);
    const before = (await t.db.select().from(restaurants)).length;
    const res = await create({ bot_token: bot.token });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Telegram bilan bog'lanib bo'lmadi/);
    expect((await t.db.select().from(restaurants)).length).toBe(before);
  });

  it('an update checks only a changed token or channel (with the stored other half), and clears the old error', async () => {
    const bot = addBotAndChannel(sim);
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id });
    await connectTelegram(t.db, restaurant._id, bot);
    await t.db.update(restaurants).set({ telegram_error: 'eski xato' }).where(eq(restaurants._id, restaurant._id));
    const update = (caller: 'admin' | 'owner', payload: Record<string, unknown>) =>
      t.call(caller, { method: 'PUT', url: `/manager/restaurants/update?slug=${restaurant.slug}`, payload });

    // Renaming never calls Telegram: an outage cannot stop it.
    expect((await update('owner', { name: 'Yangi nom' })).statusCode).toBe(200);
    expect(setupCalls()).toEqual([]);

    const elsewhere = addBotAndChannel(sim);
    const refused = await update('admin', { channel_id: elsewhere.channel });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SETUP_ERRORS.cannotPost);

    expect(setupCalls().map((c) => c.method)).toEqual(['getMe', 'getChat', 'getChatMember']);
    expect((await t.db.select().from(restaurants).where(eq(restaurants._id, restaurant._id)))[0]!.channel_id).toBe(
      bot.channel,
    );

    // Sending the stored values again is no change: nothing is checked, the old error stays.
    const checked = setupCalls().length;
    const same = await update('admin', { channel_id: bot.channel, bot_token: bot.token });
    expect(same.statusCode).toBe(200);
    expect(setupCalls()).toHaveLength(checked);
    expect(same.json().data).toMatchObject({ telegram_error: 'eski xato' });

    // Another channel of the same bot: checked with the stored token, saved, the old error gone.
    const secondChannel = -1_003_000_000_000 - Math.floor(Math.random() * 1000);
    sim.control.addChat({ id: secondChannel, type: 'channel', title: 'Ikkinchi kanal' });
    sim.control.setMember(secondChannel, bot.token, 'administrator', true);
    const moved = await update('admin', { channel_id: String(secondChannel) });
    expect(moved.statusCode).toBe(200);
    expect(
      setupCalls()
        .slice(checked)
        .map((c) => [c.method, c.token === bot.token]),
    ).toEqual([
      ['getMe', true],
      ['getChat', true],
      ['getChatMember', true],
    ]);
    expect(moved.json().data).toMatchObject({
      channel_id: String(secondChannel),
      telegram_configured: true,
      telegram_error: null,
    });

    // Either half missing is not configured: the channel without a bot, then neither.
    const botless = await update('admin', { bot_token: '' });
    expect(botless.statusCode, botless.body).toBe(200);
    expect(botless.json().data).toMatchObject({ channel_id: String(secondChannel), telegram_configured: false });
    const cleared = await update('admin', { channel_id: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ channel_id: null, telegram_configured: false, telegram_error: null });
  });
});

describe('POST /manager/restaurants/{id}/telegram/test', () => {
  const test = (caller: 'anonymous' | 'admin' | 'owner' | 'other', id: string) =>
    t.call(caller, { method: 'POST', url: `/manager/restaurants/${id}/telegram/test` });

  it('sends a test message to the channel for the admin and the owner; anybody else is refused', async () => {
    const bot = addBotAndChannel(sim);
    const restaurant = await createRestaurant(t.db, { manager_id: t.owner._id, name: 'Bahor <va> Do‘stlar' });
    await connectTelegram(t.db, restaurant._id, bot);
    await t.db.update(restaurants).set({ telegram_error: 'eski xato' }).where(eq(restaurants._id, restaurant._id));
    expect((await test('anonymous', restaurant._id)).statusCode).toBe(401);
    expect((await test('other', restaurant._id)).statusCode).toBe(404);
    expect(sim.control.messages(bot.channelId)).toEqual([]);

    for (const caller of ['owner', 'admin'] as const) {
      const res = await test(caller, restaurant._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: TEST_SENT });
    }
    const messages = sim.control.messages(bot.channelId);
    expect(messages).toHaveLength(2);
    expect(messages[0]!.text).toContain('Bahor &lt;va&gt; Do‘stlar: buyurtmalar va chaqiruvlar shu kanalga keladi.');
    // The name is escaped because the message is sent as HTML.
    expect(sim.control.calls('sendMessage').at(-1)?.body.parse_mode).toBe('HTML');
    const [row] = await t.db.select().from(restaurants).where(eq(restaurants._id, restaurant._id));
    expect(row!.telegram_error).toBeNull();
  });

  it('says what is missing or why Telegram refused', async () => {
    const bare = await createRestaurant(t.db, { manager_id: t.owner._id });
    const none = await test('owner', bare._id);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TEST_NOT_CONFIGURED);
    const botOnly = await createRestaurant(t.db, { manager_id: t.owner._id, bot_token: addBotAndChannel(sim).token });
    const halfway = await test('owner', botOnly._id);
    expect(halfway.statusCode).toBe(400);
    expect(halfway.json().message).toBe(TEST_NOT_CONFIGURED);

    const bot = addBotAndChannel(sim);
    const kicked = await createRestaurant(t.db, { manager_id: t.owner._id });
    await connectTelegram(t.db, kicked._id, bot);
    sim.control.setMember(bot.channelId, bot.token, 'left');
    const refused = await test('owner', kicked._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Sinov xabari yuborilmadi: bot kanalga xabar yubora olmaydi/);

    sim.control.setMember(bot.channelId, bot.token, 'administrator', true);
    sim.control.failNext('sendMessage', { status: 500 });
    const down = await test('owner', kicked._id);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/^Sinov xabari yuborilmadi: /);
  });
});
