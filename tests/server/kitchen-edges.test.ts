import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kitchenDevices, orders, restaurants, telegramOutbox } from '../../server/db/schema';
import { PAIRING_LIMITS } from '../../server/domain/kitchen/devices';
import { messages } from '../../server/messages';
import { KITCHEN_DEVICES_MAX, STATIONS_MAX } from '../../server/schemas/kitchen';
import { setupTenants } from '../support/tenants';
import { foodAndTea, type KitchenSetup, kitchenRestaurant, pairedDevice } from './kitchen-fixtures';

/**
 * The kitchen's rules at their edges, through the API: a station's name, place and thresholds as stored, the limits
 * on stations and devices, a device's station and code, its activity written once a minute, "Hammasi tayyor" on a
 * card with lines of several stages and stations, what a line move refuses, and when a move edits Telegram's message.
 */

const t = setupTenants();

const stationsOf = (s: KitchenSetup) => `/manager/restaurants/${s.restaurant._id}/stations`;
const post = (url: string, payload: object) => t.call('owner', { method: 'POST', url, payload });
const put = (url: string, payload: object) => t.call('owner', { method: 'PUT', url, payload });

describe('stations', () => {
  it('trims a name, puts a new station last, and gives it the default thresholds', async () => {
    const s = await kitchenRestaurant(t);
    const made = await post(stationsOf(s), { name: '  Mangal  ' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ name: 'Mangal', position: 2, amber_minutes: 10, red_minutes: 20 });
    const renamed = await put(`/manager/stations/${s.bar._id}`, { name: '  Ichimliklar ' });
    expect(renamed.json().data.name).toBe('Ichimliklar');
  });

  it('refuses a red threshold not above the amber one, an update checked against what is stored', async () => {
    const s = await kitchenRestaurant(t);
    const reversed = { statusCode: 400, message: messages.stationThresholdsReversed };
    const equal = await post(stationsOf(s), { name: 'Mangal', amber_minutes: 15, red_minutes: 15 });
    expect(equal.json()).toMatchObject(reversed);
    const url = `/manager/stations/${s.oshxona._id}`;
    // Stored: amber 10, red 20.
    expect((await put(url, { red_minutes: 10 })).json()).toMatchObject(reversed);
    expect((await put(url, { amber_minutes: 20 })).json()).toMatchObject(reversed);
    const both = await put(url, { amber_minutes: 5, red_minutes: 6 });
    expect(both.json().data).toMatchObject({ amber_minutes: 5, red_minutes: 6 });
  });

  it(`keeps at most ${STATIONS_MAX} stations a restaurant`, async () => {
    const s = await kitchenRestaurant(t);
    for (let n = 2; n < STATIONS_MAX; n++) {
      expect((await post(stationsOf(s), { name: `Bo'lim ${n}` })).statusCode).toBe(201);
    }
    const over = await post(stationsOf(s), { name: 'Yana biri' });
    expect(over.json()).toMatchObject({ statusCode: 400, message: messages.tooManyStations(STATIONS_MAX) });
  });
});

describe('kitchen devices', () => {
  const devicesOf = (s: KitchenSetup) => `/manager/restaurants/${s.restaurant._id}/kitchen-devices`;

  it("refuses another restaurant's station", async () => {
    const s = await kitchenRestaurant(t);
    const elsewhere = await kitchenRestaurant(t);
    const res = await post(devicesOf(s), { name: 'Planshet', station_id: elsewhere.bar._id });
    expect(res.json()).toMatchObject({ statusCode: 400, message: messages.stationNotOfRestaurant });
  });

  it(`keeps at most ${KITCHEN_DEVICES_MAX} devices, each with a code of six digits and its name trimmed`, async () => {
    const s = await kitchenRestaurant(t);
    for (let n = 0; n < KITCHEN_DEVICES_MAX; n++) {
      const res = await post(devicesOf(s), { name: '  Planshet  ', station_id: s.oshxona._id });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.code).toMatch(/^\d{6}$/);
    }
    const over = await post(devicesOf(s), { name: 'Yana biri', station_id: null });
    expect(over.json()).toMatchObject({ statusCode: 400, message: messages.tooManyDevices(KITCHEN_DEVICES_MAX) });
    const listed = await t.call('owner', { method: 'GET', url: devicesOf(s) });
    expect(new Set(listed.json().data.map((device: { name: string }) => device.name))).toEqual(new Set(['Planshet']));
  });

  it('pairs every tablet of a kitchen from one address: only wrong codes count towards its limit', async () => {
    const s = await kitchenRestaurant(t);
    const tablets = PAIRING_LIMITS.perAddress + 2;
    for (let n = 0; n < tablets; n++) {
      const made = await post(devicesOf(s), { name: `Planshet ${n}`, station_id: null });
      const paired = await t.app.inject({
        method: 'POST',
        url: '/kitchen/pair',
        payload: { code: made.json().data.code },
        remoteAddress: '10.77.0.1',
      });
      expect(paired.statusCode, `tablet ${n + 1}`).toBe(200);
    }
  });

  it("writes a device's activity when a minute has passed since the last, not on every call", async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, s.oshxona._id);
    const seenAgo = async (seconds: number) => {
      await t.db
        .update(kitchenDevices)
        .set({ last_seen_at: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(kitchenDevices._id, device._id));
      const before = await lastSeen(device._id);
      expect((await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: device.headers })).statusCode).toBe(
        200,
      );
      return { before, after: await lastSeen(device._id) };
    };
    const recent = await seenAgo(30);
    expect(recent.after).toBe(recent.before);
    const stale = await seenAgo(120);
    expect(Date.now() - Date.parse(stale.after!)).toBeLessThan(10_000);
  });
  const lastSeen = async (id: string) =>
    (await t.db.select().from(kitchenDevices).where(eq(kitchenDevices._id, id)))[0]!.last_seen_at;
});

describe('moving lines', () => {
  const move = (device: { headers: Record<string, string> }, orderId: string, index: number, status: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/kitchen/orders/${orderId}/items/${index}`,
      headers: device.headers,
      payload: { status },
    });
  const allReady = (device: { headers: Record<string, string> }, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/kitchen/orders/${orderId}/ready`, headers: device.headers });
  const statuses = (res: { json(): { data: { items: { status: string }[] } } }) =>
    res.json().data.items.map((line) => line.status);

  it('"Hammasi tayyor" makes ready the lines not yet ready; a ready line stays as it is', async () => {
    const s = await kitchenRestaurant(t);
    const everything = await pairedDevice(t, s.restaurant._id, null);
    const placed = await foodAndTea(t, s);
    expect((await move(everything, placed._id, 1, 'ready')).statusCode).toBe(200);
    const res = await allReady(everything, placed._id);
    expect(res.statusCode).toBe(200);
    expect(statuses(res)).toEqual(['ready', 'ready']);
  });

  it('"Hammasi tayyor" of a station leaves another station\'s lines, and says where its own are when none is left', async () => {
    const s = await kitchenRestaurant(t);
    const oshxona = await pairedDevice(t, s.restaurant._id, s.oshxona._id);
    const placed = await foodAndTea(t, s);
    // The device's answer has its own station's lines only; the staff's list has them all.
    expect(statuses(await allReady(oshxona, placed._id))).toEqual(['ready']);
    const listed = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
    const order = listed.json().data.find((candidate: { _id: string }) => candidate._id === placed._id);
    expect(order.items.map((line: { status: string }) => line.status)).toEqual(['ready', 'new']);
    const again = await allReady(oshxona, placed._id);
    expect(again.json()).toMatchObject({ statusCode: 409, message: messages.lineMoveRefused('ready', 'ready') });
  });

  it('refuses a move on an order waiting for confirmation, and on a cancelled one', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, null);
    const waiting = await foodAndTea(t, s);
    await t.db.update(orders).set({ needs_confirmation: true }).where(eq(orders._id, waiting._id));
    expect((await move(device, waiting._id, 0, 'cooking')).json()).toMatchObject({
      statusCode: 409,
      message: messages.lineOrderUnconfirmed,
    });
    const cancelled = await foodAndTea(t, s);
    expect((await put(`/manager/orders/${cancelled._id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await move(device, cancelled._id, 0, 'cooking')).json()).toMatchObject({
      statusCode: 409,
      message: messages.lineOrderClosed,
    });
  });

  it('shows a station printing on acceptance an order only once it is accepted', async () => {
    const s = await kitchenRestaurant(t, { bar: { print_on: 'accepted' } });
    const bar = await pairedDevice(t, s.restaurant._id, s.bar._id);
    const placed = await foodAndTea(t, s);
    const shown = async () =>
      (await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: bar.headers }))
        .json()
        .data.map((order: { _id: string }) => order._id);
    expect(await shown()).toEqual([]);
    expect((await put(`/manager/orders/${placed._id}`, { status: 'accepted' })).statusCode).toBe(200);
    expect(await shown()).toEqual([placed._id]);
  });

  it('keeps a card on the display while one of its dishes is not served yet', async () => {
    const s = await kitchenRestaurant(t);
    const device = await pairedDevice(t, s.restaurant._id, null);
    const placed = await foodAndTea(t, s);
    const shown = async () =>
      (await t.app.inject({ method: 'GET', url: '/kitchen/orders', headers: device.headers }))
        .json()
        .data.map((order: { _id: string }) => order._id);
    expect((await move(device, placed._id, 0, 'served')).statusCode).toBe(200);
    expect(await shown()).toEqual([placed._id]);
    expect((await move(device, placed._id, 1, 'served')).statusCode).toBe(200);
    expect(await shown()).toEqual([]);
  });

  it("edits the order's Telegram message when the kitchen's state changes or a dish is ready, not on every tap", async () => {
    const s = await kitchenRestaurant(t);
    await t.db
      .update(restaurants)
      .set({ bot_token: '123:kitchen', channel_id: '-100123' })
      .where(eq(restaurants._id, s.restaurant._id));
    const device = await pairedDevice(t, s.restaurant._id, null);
    const placed = await foodAndTea(t, s);
    expect((await put(`/manager/orders/${placed._id}`, { status: 'accepted' })).statusCode).toBe(200);
    const edits = async () =>
      (
        await t.db
          .select()
          .from(telegramOutbox)
          .where(and(eq(telegramOutbox.order_id, placed._id), eq(telegramOutbox.action, 'edit')))
      ).length;
    const afterAccepting = await edits();
    const steps: [number, string, number][] = [
      [0, 'cooking', 1], // new → cooking
      [1, 'cooking', 0], // still cooking
      [1, 'ready', 1], // a dish ready for the waiter
      [0, 'ready', 1], // the whole order ready
    ];
    let expected = afterAccepting;
    for (const [index, status, more] of steps) {
      expect((await move(device, placed._id, index, status)).statusCode).toBe(200);
      expected += more;
      expect(await edits(), `${index} → ${status}`).toBe(expected);
    }
  });
});
