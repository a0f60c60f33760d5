import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import type { DomainDeps } from '../../server/domain/deps';
import { updateRestaurant } from '../../server/domain/restaurants/restaurants';
import { messages } from '../../server/messages';
import { SLUG_TAKEN } from '../../server/repositories/restaurants';
import { createTestApp, type TestApp } from '../support/app';
import { createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { addBotAndChannel } from './telegram-fixtures';

/**
 * What an admin's new restaurant keeps of the optional fields it is created with (the domain use case behind
 * POST /admin/restaurants/create), the webhook a bot gets once it is saved, and what an update refuses.
 */

let sim: TelegramSimulator;
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
const PUBLIC_URL = 'https://menyu.example';

beforeAll(async () => {
  sim = await startTelegramSimulator();
  // With a public URL the app takes Telegram's updates by webhook, which a saved bot registers right after the commit.
  t = await createTestApp({ TELEGRAM_API_URL: sim.url, PUBLIC_URL });
  admin = await createUser(t.app, t.db, 'admin');
  manager = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(() => sim.control.reset());

const create = (values: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/restaurants/create',
    headers: admin.headers,
    payload: {
      name: 'Yangi restoran',
      slug: `new-${randomUUID().slice(0, 8)}`,
      address: 'Toshkent',
      manager_id: manager._id,
      is_active: true,
      phone_number: '+998 90 123 45 67',
      work_time: '09:00 - 23:00',
      ...values,
    },
  });
const rowOf = async (id: string) => (await t.db.select().from(restaurants).where(eq(restaurants._id, id)))[0]!;

describe('an admin creating a restaurant', () => {
  it('keeps the menu languages and the digest time it is created with', async () => {
    const res = await create({ languages: ['uz', 'ru', 'en'], digest_time: '08:30' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.languages).toEqual(['uz', 'ru', 'en']);
    expect(await rowOf(res.json().data._id)).toMatchObject({ languages: ['uz', 'ru', 'en'], digest_time: '08:30' });
  });

  it('keeps a digest turned off (null) at creation', async () => {
    const res = await create({ digest_time: null });
    expect(res.statusCode).toBe(201);
    expect(await rowOf(res.json().data._id)).toMatchObject({ languages: ['uz'], digest_time: null });
  });

  it("registers the new restaurant's webhook with its bot before answering", async () => {
    const bot = addBotAndChannel(sim);
    const res = await create({ bot_token: bot.token, channel_id: bot.channel });
    expect(res.statusCode).toBe(201);
    const restaurantId = res.json().data._id as string;

    const registered = sim.control.calls('setWebhook');
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({
      token: bot.token,
      body: { url: `${PUBLIC_URL}/telegram/webhook/${restaurantId}` },
    });
    const row = await rowOf(restaurantId);
    expect(registered[0]!.body.secret_token).toBe(row.telegram_webhook_secret);
    expect(row.telegram_error).toBeNull();
  });
});

describe("a restaurant's update", () => {
  const update = (slug: string, payload: Record<string, unknown>, user: TestUser = manager) =>
    t.app.inject({ method: 'PUT', url: `/manager/restaurants/update?slug=${slug}`, headers: user.headers, payload });
  const withBot = async () => {
    const bot = addBotAndChannel(sim);
    const res = await create({ bot_token: bot.token, channel_id: bot.channel });
    expect(res.statusCode).toBe(201);
    sim.control.reset();
    return res.json().data as { _id: string; slug: string };
  };

  it('registers the webhook again when the bot changes, and not when only the name does', async () => {
    const restaurant = await withBot();
    expect((await update(restaurant.slug, { name: 'Boshqa nom' })).statusCode).toBe(200);
    expect(sim.control.calls('setWebhook')).toEqual([]);

    const next = addBotAndChannel(sim);
    const res = await update(restaurant.slug, { bot_token: next.token, channel_id: next.channel }, admin);
    expect(res.statusCode).toBe(200);
    const registered = sim.control.calls('setWebhook');
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({
      token: next.token,
      body: { url: `${PUBLIC_URL}/telegram/webhook/${restaurant._id}` },
    });
  });

  it('refuses a taken slug before asking Telegram about a new bot', async () => {
    const restaurant = await withBot();
    const taken = await createRestaurant(t.db, { manager_id: manager._id });
    const next = addBotAndChannel(sim);
    const res = await update(restaurant.slug, { slug: taken.slug.toUpperCase(), bot_token: next.token }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SLUG_TAKEN);
    expect(sim.control.calls().filter((call) => call.method !== 'getUpdates')).toEqual([]);
  });

  it('keeps a manual restaurant without a terminal group: even clearing one is refused (400)', async () => {
    const manual = await createRestaurant(t.db, { manager_id: manager._id });
    const res = await update(manual.slug, { pos_terminal_group_id: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.terminalGroupNotIntegration);
  });

  it('stores working hours without the days sent empty: they read back as sent the short way', async () => {
    const manual = await createRestaurant(t.db, { manager_id: manager._id });
    const res = await update(manual.slug, {
      working_hours: {
        '1': [],
        '2': [
          ['18:00', '23:00'],
          ['10:00', '14:00'],
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const stored = {
      '2': [
        ['10:00', '14:00'],
        ['18:00', '23:00'],
      ],
    };
    expect(res.json().data.working_hours).toEqual(stored);
    expect((await rowOf(manual._id)).working_hours).toEqual(stored);
  });

  it('does not write a restaurant handed to another manager while its old manager was saving (404)', async () => {
    const restaurant = await createRestaurant(t.db, { manager_id: manager._id, name: 'Eski nom' });
    const successor = await createUser(t.app, t.db, 'manager');
    // The admin's reassignment commits between the save's ownership check and its write.
    const deps: DomainDeps = {
      db: t.db,
      work: async (task) => {
        await t.db.update(restaurants).set({ manager_id: successor._id }).where(eq(restaurants._id, restaurant._id));
        return t.app.work(task);
      },
    };
    const viewer = { _id: manager._id, role: 'manager' as const, login: manager.login };
    await expect(
      updateRestaurant(deps, viewer, restaurant.slug, { name: 'Yangi nom' }, t.app.telegram, t.app.integration),
    ).rejects.toMatchObject({ statusCode: 404, message: messages.restaurantNotFound });
    expect(await rowOf(restaurant._id)).toMatchObject({ name: 'Eski nom', manager_id: successor._id });
  });
});
