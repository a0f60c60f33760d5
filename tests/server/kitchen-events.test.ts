import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTenants } from '../support/tenants';
import { foodAndTea, kitchenRestaurant, pairedDevice } from './kitchen-fixtures';
import { listenOnLoopback, type OpenedStream, openStream, within } from './staff-events-client';

/**
 * A kitchen display's live stream over real HTTP: its station's orders as the display shows them (only the
 * station's lines; `open` false to drop a card), nothing of orders without its lines, a ticket good once, and a
 * replay after the last event the display has, each event once.
 */

const t = setupTenants({ app: () => ({ eventsRecheckMs: 200 }) });
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenOnLoopback(t.app);
});
const streams: OpenedStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function ticketOf(headers: { authorization: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/kitchen/events/ticket', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data.ticket as string;
}

async function open(headers: { authorization: string }, lastEventId?: number) {
  const query = new URLSearchParams({ ticket: await ticketOf(headers) });
  if (lastEventId !== undefined) query.set('last_event_id', String(lastEventId));
  const stream = await openStream(`${baseUrl}/kitchen/events?${query}`);
  streams.push(stream);
  return stream;
}

describe('GET /kitchen/events', () => {
  it("sends the station's view of each order and drops what does not concern it", async () => {
    const s = await kitchenRestaurant(t);
    const bar = await pairedDevice(t, s.restaurant._id, s.bar._id);
    const stream = await open(bar.headers);
    expect(stream.status).toBe(200);
    // Food only: no line of the bar's, so the bar's display hears nothing of it.
    const foodOnly = await t.app.inject({
      method: 'POST',
      url: `/menu/${s.restaurant.slug}/orders`,
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { table_id: s.table.token, items: [{ product_id: s.food._id, quantity: 1 }] },
      remoteAddress: '10.7.0.1',
    });
    expect(foodOnly.statusCode).toBe(201);
    const placed = await foodAndTea(t, s);
    const [created] = await stream.waitFor(1);
    expect(created!.type).toBe('order.created');
    expect(created!.data).toMatchObject({ _id: placed._id, open: true });
    expect((created!.data.items as { name: string }[]).map((line) => line.name)).toEqual(["Ko'k choy"]);

    await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${placed._id}/items/1`,
      payload: { status: 'served' },
    });
    const [, served] = await stream.waitFor(2);
    expect(served!.type).toBe('order.updated');
    expect(served!.data).toMatchObject({ _id: placed._id, open: false });
    expect(stream.events).toHaveLength(2);
  });

  it('a ticket opens one stream; a replay sends what was missed once', async () => {
    const s = await kitchenRestaurant(t);
    const oshxona = await pairedDevice(t, s.restaurant._id, s.oshxona._id);
    const ticket = await ticketOf(oshxona.headers);
    const first = await openStream(`${baseUrl}/kitchen/events?ticket=${ticket}`);
    streams.push(first);
    const again = await openStream(`${baseUrl}/kitchen/events?ticket=${ticket}`);
    streams.push(again);
    expect(again.status).toBe(401);
    const staffTicket = await t.call('owner', {
      method: 'POST',
      url: '/manager/events/ticket',
      payload: { restaurant_id: s.restaurant._id },
    });
    const asStaff = await openStream(`${baseUrl}/kitchen/events?ticket=${staffTicket.json().data.ticket}`);
    streams.push(asStaff);
    expect(asStaff.status).toBe(401);

    const one = await foodAndTea(t, s);
    const [seen] = await first.waitFor(1);
    first.close();
    const two = await foodAndTea(t, s);
    const replay = await open(oshxona.headers, seen!.id);
    const [missed] = await replay.waitFor(1);
    expect(missed!.data._id).toBe(two._id);
    expect(seen!.data._id).toBe(one._id);
  });

  it('a device removed in the panel loses its stream', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, null);
    const stream = await open(device.headers);
    await t.call('owner', { method: 'DELETE', url: `/manager/kitchen-devices/${device._id}` });
    await within(5000, stream.ended(5000));
  });
});
