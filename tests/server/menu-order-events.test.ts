import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STREAM_LIMITS, ORDER_STREAMS_BUSY } from '../../server/routes/menu/order-events';
import { createRestaurant } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';
import { listenOnLoopback, type OpenedStream, openStream, within } from './staff-events-client';

/**
 * The diner's own status stream (GET /menu/{slug}/orders/{id}/events) on a real port: the status at once, each staff
 * change within a second, nothing but the status, the end after a final status, and bounded per address.
 */

const t = setupTenants();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenOnLoopback(t.app);
});

async function placed() {
  const setup = await orderingRestaurant(t);
  const res = await postOrder(t, setup.restaurant.slug, {
    table_id: setup.table.token,
    items: [{ product_id: setup.product._id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...setup, order: res.json().data as { _id: string } };
}

const eventsPath = (slug: string, id: string) => `/menu/${slug}/orders/${id}/events`;
const staffSets = (id: string, status: string) =>
  t.call('owner', { method: 'PUT', url: `/manager/orders/${id}`, payload: { status } });

describe('GET /menu/{slug}/orders/{id}/events', () => {
  it('sends the status at once, each staff change within a second, only the status, and ends when served', async () => {
    const { restaurant, order } = await placed();
    const stream = await openStream(`${baseUrl}${eventsPath(restaurant.slug, order._id)}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(await stream.waitFor(1)).toEqual([{ id: Number.NaN, type: 'status', data: { status: 'new' } }]);

    expect((await staffSets(order._id, 'accepted')).statusCode).toBe(200);
    // From the staff's answer: the change is committed, the diner hears of it within a second.
    const [, accepted] = await stream.waitFor(2, 1000);
    // The diner's stream says the status and nothing else of the order (no items, no staff login, no restaurant).
    expect(accepted).toEqual({ id: Number.NaN, type: 'status', data: { status: 'accepted' } });

    expect((await staffSets(order._id, 'served')).statusCode).toBe(200);
    const events = await stream.waitFor(3, 1000);
    expect(events[2]!.data).toEqual({ status: 'served' });
    await stream.ended();
  });

  it('hears only its own order: another order of the same restaurant changing sends nothing', async () => {
    const setup = await placed();
    const other = await postOrder(t, setup.restaurant.slug, {
      table_id: setup.table.token,
      items: [{ product_id: setup.product._id, quantity: 3 }],
    });
    const stream = await openStream(`${baseUrl}${eventsPath(setup.restaurant.slug, setup.order._id)}`);
    await stream.waitFor(1);
    await staffSets(other.json().data._id, 'cancelled');
    await staffSets(setup.order._id, 'cancelled');
    const events = await stream.waitFor(2);
    expect(events.map((event) => event.data)).toEqual([{ status: 'new' }, { status: 'cancelled' }]);
    await stream.ended();
  });

  it('an order already final: its status, then the end', async () => {
    const { restaurant, order } = await placed();
    await staffSets(order._id, 'cancelled');
    const stream = await openStream(`${baseUrl}${eventsPath(restaurant.slug, order._id)}`);
    await stream.ended();
    expect(stream.events.map((event) => event.data)).toEqual([{ status: 'cancelled' }]);
  });

  it('404 for an unknown order, another restaurant’s order and an inactive restaurant; 400 for a malformed id', async () => {
    const { restaurant, order } = await placed();
    const elsewhere = await createRestaurant(t.db, { ordering_enabled: true });
    const get = (url: string) => within(5000, t.app.inject({ method: 'GET', url }));
    for (const url of [
      eventsPath(restaurant.slug, crypto.randomUUID()),
      eventsPath(elsewhere.slug, order._id),
      eventsPath('no-such-restaurant', order._id),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/topilmadi/);
    }
    expect((await get(eventsPath(restaurant.slug, 'not-a-uuid'))).statusCode).toBe(400);
  });

  it(`at most ${ORDER_STREAM_LIMITS.perAddress} open per address: one more is a 429 (the page polls), a closed one frees its place`, async () => {
    const { restaurant, order } = await placed();
    const url = `${baseUrl}${eventsPath(restaurant.slug, order._id)}`;
    const open: OpenedStream[] = [];
    for (let i = 0; i < ORDER_STREAM_LIMITS.perAddress; i++) {
      const stream = await openStream(url);
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream(url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    refused.close();
    const busy = await within(5000, t.app.inject({ method: 'GET', url: eventsPath(restaurant.slug, order._id) }));
    expect(busy.statusCode).toBe(429);
    expect(busy.json().message).toBe(ORDER_STREAMS_BUSY);
    open.pop()!.close();
    // The server hears the close a moment later; then the place is free again.
    let again = await openStream(url);
    for (let tries = 0; again.status === 429 && tries < 20; tries++) {
      again.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await openStream(url);
    }
    expect(again.status).toBe(200);
    again.close();
    for (const stream of open) stream.close();
  });
});
