import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { restaurants } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, type TestUser } from '../support/fixtures';
import { addBotAndChannel } from './telegram-fixtures';

/**
 * What an admin's new restaurant keeps of the optional fields it is created with (the domain use case behind
 * POST /admin/restaurants/create), and the webhook a bot given at creation gets at once.
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
