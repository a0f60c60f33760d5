import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { MIN_GAP_MS } from '../../server/telegram/chat-pace';
import { createTestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import type { Tenants } from '../support/tenants';
import { orderingRestaurant, postCall, postOrder } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

// Every change that writes to the outbox wakes the sender: staff see an order, a call or a status change in Telegram
// at once, not at the sender's next round. The round here is ten minutes, longer than any wait below. An edit right
// after its send waits for Telegram's one-second gap per chat (ChatPace); the tests let that gap pass first.
let sim: TelegramSimulator;
const t = {} as Tenants;
beforeAll(async () => {
  sim = await startTelegramSimulator();
  Object.assign(t, await createTestApp({ TELEGRAM_API_URL: sim.url }, { telegramTickMs: 600_000 }));
  t.owner = await createUser(t.app, t.db, 'manager');
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

async function telegramRestaurant() {
  const setup = await orderingRestaurant(t);
  const bot = addBotAndChannel(sim);
  await connectTelegram(t.db, setup.restaurant._id, bot);
  return { ...setup, bot };
}

const chatGapPassed = () => new Promise((resolve) => setTimeout(resolve, MIN_GAP_MS + 100));

const ownerCall = (method: 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: t.owner.headers });

describe('the Telegram sender is woken', () => {
  it('by a new order and by the panel changing its status', async () => {
    const setup = await telegramRestaurant();
    const made = await postOrder(t, setup.restaurant.slug, {
      table_id: setup.table.token,
      items: [{ product_id: setup.product._id, quantity: 1 }],
    });
    expect(made.statusCode).toBe(201);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.text.includes('Buyurtma №'));
    await chatGapPassed();
    const accepted = await ownerCall('PUT', `/manager/orders/${made.json().data._id}`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count === 1);
  });

  it('by a waiter call and by the panel marking it done', async () => {
    const setup = await telegramRestaurant();
    const called = await postCall(t, setup.restaurant.slug, { table_id: setup.table.token, type: 'waiter' });
    expect(called.statusCode).toBe(201);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.text.includes('ofitsiant chaqirilmoqda'));
    await chatGapPassed();
    const done = await ownerCall('PUT', `/manager/calls/${called.json().data._id}`, { status: 'done' });
    expect(done.statusCode).toBe(200);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count === 1);
  });

  it('by a kitchen device moving a dish', async () => {
    const setup = await telegramRestaurant();
    const made = await postOrder(t, setup.restaurant.slug, {
      table_id: setup.table.token,
      items: [{ product_id: setup.product._id, quantity: 1 }],
    });
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.text.includes('Buyurtma №'));
    await chatGapPassed();
    const device = await t.app.inject({
      method: 'POST',
      url: `/manager/restaurants/${setup.restaurant._id}/kitchen-devices`,
      headers: t.owner.headers,
      payload: { name: 'Planshet', station_id: null },
    });
    const paired = await t.app.inject({
      method: 'POST',
      url: '/kitchen/pair',
      payload: { code: device.json().data.code },
    });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/kitchen/orders/${made.json().data._id}/items/0`,
      headers: { authorization: `Bearer ${paired.json().token}` },
      payload: { status: 'ready' },
    });
    expect(moved.statusCode).toBe(200);
    await sim.control.waitForMessage(setup.bot.channelId, (m) => m.edit_count === 1);
  });

  it('not by an order or a call of a restaurant without Telegram: it has nothing to deliver', async () => {
    const wake = vi.spyOn(t.app.telegram, 'wake');
    try {
      const plain = await orderingRestaurant(t);
      const body = { table_id: plain.table.token, items: [{ product_id: plain.product._id, quantity: 1 }] };
      expect((await postOrder(t, plain.restaurant.slug, body)).statusCode).toBe(201);
      expect((await postCall(t, plain.restaurant.slug, { table_id: plain.table.token, type: 'bill' })).statusCode).toBe(
        201,
      );
      expect(wake).not.toHaveBeenCalled();
      const setup = await telegramRestaurant();
      const made = await postOrder(t, setup.restaurant.slug, {
        table_id: setup.table.token,
        items: [{ product_id: setup.product._id, quantity: 1 }],
      });
      expect(made.statusCode).toBe(201);
      expect(wake).toHaveBeenCalledTimes(1);
    } finally {
      wake.mockRestore();
    }
  });
});
