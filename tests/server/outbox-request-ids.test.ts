import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kitchenStations, printOutbox, restaurants, telegramOutbox } from '../../server/db/schema';
import { queueDigest } from '../../server/repositories/telegram-outbox';
import { createCategory, createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';

/**
 * Every outbox row records the request that queued it: the id nginx gave the request (X-Request-Id), which is also the
 * `reqId` of the request's log lines, so an operator goes from a message Telegram refused, or a ticket that did not
 * print, to the request that made it and back. Rows a background job queues carry none.
 */

const t = setupTenants();

const REQUEST_ID = /^[0-9a-f-]{36}$/;

async function kitchenRestaurant() {
  const setup = await orderingRestaurant(t);
  await t.db
    .update(restaurants)
    .set({ bot_token: '710000001:AAtest', channel_id: '-1001' })
    .where(eq(restaurants._id, setup.restaurant._id));
  const [station] = await t.db
    .insert(kitchenStations)
    .values({
      restaurant_id: setup.restaurant._id,
      name: 'Oshxona',
      print_on: 'placed',
      printer: { host: '127.0.0.1', port: 9, width: 58 },
    })
    .returning();
  const dish = await createProduct(
    t.db,
    (await createCategory(t.db, setup.restaurant._id, { station_id: station!._id }))._id,
  );
  return { ...setup, dish };
}

describe('outbox rows and their requests', () => {
  it("an order's Telegram message and kitchen ticket carry its request's id, an acceptance's edit the acceptance's", async () => {
    const s = await kitchenRestaurant();
    const placedBy = randomUUID().replaceAll('-', '');
    const placed = await t.app.inject({
      method: 'POST',
      url: `/menu/${s.restaurant.slug}/orders`,
      headers: { 'idempotency-key': randomUUID(), 'x-request-id': placedBy },
      payload: { table_id: s.table.token, items: [{ product_id: s.dish._id, quantity: 1 }] },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data._id as string;

    const acceptedBy = randomUUID().replaceAll('-', '');
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/manager/orders/${orderId}`,
      headers: { ...t.owner.headers, 'x-request-id': acceptedBy },
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);

    const messages = await t.db
      .select({ action: telegramOutbox.action, request_id: telegramOutbox.request_id })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.order_id, orderId))
      .orderBy(telegramOutbox.id);
    expect(messages).toEqual([
      { action: 'send', request_id: placedBy },
      { action: 'edit', request_id: acceptedBy },
    ]);
    const tickets = await t.db
      .select({ request_id: printOutbox.request_id })
      .from(printOutbox)
      .where(eq(printOutbox.order_id, orderId));
    expect(tickets).toEqual([{ request_id: placedBy }]);
  });

  it('a request without X-Request-Id gets an id of its own, recorded the same way', async () => {
    const s = await kitchenRestaurant();
    const placed = await t.app.inject({
      method: 'POST',
      url: `/menu/${s.restaurant.slug}/orders`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { table_id: s.table.token, items: [{ product_id: s.dish._id, quantity: 1 }] },
    });
    expect(placed.statusCode).toBe(201);
    const [message] = await t.db
      .select({ request_id: telegramOutbox.request_id })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.order_id, placed.json().data._id));
    expect(message?.request_id).toMatch(REQUEST_ID);
  });

  it('a row a background job queues (the daily digest) names no request', async () => {
    const s = await kitchenRestaurant();
    expect(await queueDigest(t.db, s.restaurant._id, '2030-01-02', 'Hisobot')).toBe(true);
    const [digest] = await t.db
      .select({ request_id: telegramOutbox.request_id })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.restaurant_id, s.restaurant._id));
    expect(digest).toEqual({ request_id: null });
  });
});
