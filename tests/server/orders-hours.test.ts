import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule, WorkingHours } from '../../lib/schedule-types';
import { calls, orders, products } from '../../server/db/schema';
import { createCategory, createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { createTable, line, orderingRestaurant, postCall, postOrder } from './orders-fixtures';

/**
 * Orders and waiter calls out of hours, on a fake clock (only Date: the server's own timers keep running). While the
 * restaurant is closed by its working hours, in its own time zone, an order is a 409 with `closed`, when it opens and
 * every dish named, and a call a 409 saying the same; a dish outside its own or its category's schedule makes the order
 * a 409 naming it, as a stop-listed dish does. Each boundary is tried on both sides: open at `from`, closed at `to`,
 * across midnight and from Sunday into Monday.
 */

const t = setupTenants();

afterEach(() => {
  vi.useRealTimers();
});

/** Sets the clock to a Tashkent wall time (UTC+05 all year). 2026-11-30 is a Monday. */
function atTashkent(localTime: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${localTime}:00+05:00`));
}

const EVERY_DAY_10_TO_23: WorkingHours = Object.fromEntries(
  ['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, [['10:00', '23:00']]]),
);

async function openAt(hours: WorkingHours | null, timeZone = 'Asia/Tashkent') {
  const s = await orderingRestaurant(t, { working_hours: hours, time_zone: timeZone });
  const order = () => postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id)] });
  return { ...s, order };
}

const ordersOf = async (restaurantId: string) =>
  (await t.db.select().from(orders).where(eq(orders.restaurant_id, restaurantId))).length;
const callsOf = async (restaurantId: string) =>
  (await t.db.select().from(calls).where(eq(calls.restaurant_id, restaurantId))).length;

describe('orders and calls while the restaurant is closed by its working hours', () => {
  it('are refused just before opening, saying when it opens, and taken at the opening minute', async () => {
    const s = await openAt(EVERY_DAY_10_TO_23);
    atTashkent('2026-12-01T09:59');
    const refused = await s.order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Restoran hozir yopiq, 10:00 da ochiladi.',
      unavailable: [s.product._id],
      closed: true,
      opens_at: { weekday: 2, time: '10:00', today: true },
    });
    const call = await postCall(t, s.restaurant.slug, { table_id: s.table.token, type: 'waiter' });
    expect(call.statusCode).toBe(409);
    expect(call.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Restoran hozir yopiq, 10:00 da ochiladi.',
      closed: true,
      opens_at: { weekday: 2, time: '10:00', today: true },
    });
    expect(await ordersOf(s.restaurant._id)).toBe(0);
    expect(await callsOf(s.restaurant._id)).toBe(0);

    atTashkent('2026-12-01T10:00');
    expect((await s.order()).statusCode).toBe(201);
    expect((await postCall(t, s.restaurant.slug, { table_id: s.table.token, type: 'waiter' })).statusCode).toBe(201);
  });

  it('are taken at the last minute and refused at closing time, saying it opens tomorrow', async () => {
    const s = await openAt(EVERY_DAY_10_TO_23);
    atTashkent('2026-12-01T22:59');
    expect((await s.order()).statusCode).toBe(201);
    atTashkent('2026-12-01T23:00');
    const refused = await s.order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Restoran hozir yopiq, ertaga 10:00 da ochiladi.');
    expect(refused.json().opens_at).toEqual({ weekday: 3, time: '10:00', today: false });
    const bill = await postCall(t, s.restaurant.slug, { table_id: s.table.token, type: 'bill' });
    expect(bill.statusCode).toBe(409);
    expect(bill.json().message).toBe('Restoran hozir yopiq, ertaga 10:00 da ochiladi.');
    expect(await ordersOf(s.restaurant._id)).toBe(1);
  });

  it('follow an evening past midnight, and name the weekday of an opening days away', async () => {
    // Friday 18:00 to Saturday 02:00, and nothing else.
    const s = await openAt({ '5': [['18:00', '02:00']] });
    atTashkent('2026-12-05T01:59');
    expect((await s.order()).statusCode).toBe(201);
    atTashkent('2026-12-05T02:00');
    const refused = await s.order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Restoran hozir yopiq, juma kuni 18:00 da ochiladi.');
    expect(refused.json().opens_at).toEqual({ weekday: 5, time: '18:00', today: false });
  });

  it('carry Sunday night into Monday morning', async () => {
    const s = await openAt({ '7': [['20:00', '03:00']], '1': [['10:00', '22:00']] });
    atTashkent('2026-12-06T19:59');
    expect((await s.order()).json().message).toBe('Restoran hozir yopiq, 20:00 da ochiladi.');
    atTashkent('2026-12-07T02:59');
    expect((await s.order()).statusCode).toBe(201);
    atTashkent('2026-12-07T03:00');
    const refused = await s.order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Restoran hozir yopiq, 10:00 da ochiladi.');
  });

  it('read the clock in the restaurant’s own time zone, with its daylight saving', async () => {
    const s = await openAt(EVERY_DAY_10_TO_23, 'Europe/Berlin');
    // Winter, UTC+01: 08:59 UTC is 09:59 in Berlin (13:59 in Tashkent, which would be open).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T08:59:00Z'));
    expect((await s.order()).json().message).toBe('Restoran hozir yopiq, 10:00 da ochiladi.');
    vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
    expect((await s.order()).statusCode).toBe(201);
    // Summer, UTC+02: 08:00 UTC is already 10:00.
    vi.setSystemTime(new Date('2026-07-14T08:00:00Z'));
    expect((await s.order()).statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-07-14T07:59:00Z'));
    expect((await s.order()).statusCode).toBe(409);
  });

  it('say only that it is closed when the working hours have no interval at all', async () => {
    const s = await openAt({});
    atTashkent('2026-12-02T12:00');
    const refused = await s.order();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Restoran hozir yopiq.', closed: true, opens_at: null });
  });

  it('still answer an order already made: a retry after closing replays it, a new order is refused', async () => {
    const s = await openAt(EVERY_DAY_10_TO_23);
    const body = { table_id: s.table.token, items: [line(s.product._id)] };
    const key = randomUUID();
    atTashkent('2026-12-01T22:59');
    const first = await postOrder(t, s.restaurant.slug, body, { key });
    expect(first.statusCode).toBe(201);
    atTashkent('2026-12-01T23:00');
    const again = await postOrder(t, s.restaurant.slug, body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Only the same order again: a new one (another key) is refused.
    expect((await postOrder(t, s.restaurant.slug, body)).statusCode).toBe(409);
  });

  it('follow working hours a manager sets, without a restart', async () => {
    const s = await openAt(null);
    atTashkent('2026-12-02T08:00');
    expect((await s.order()).statusCode).toBe(201);
    vi.useRealTimers();
    const set = await t.call('owner', {
      method: 'PUT',
      url: `/manager/restaurants/update?slug=${s.restaurant.slug}`,
      payload: { working_hours: EVERY_DAY_10_TO_23 },
    });
    expect(set.statusCode).toBe(200);
    atTashkent('2026-12-02T08:00');
    expect((await s.order()).json().message).toBe('Restoran hozir yopiq, 10:00 da ochiladi.');
  });
});

describe('dishes outside their schedule', () => {
  const breakfast: Schedule = { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00', outside: 'grey' };

  it('are refused as a stop-listed dish is, from the schedule’s `to`, and taken from its `from`', async () => {
    const s = await openAt(null);
    const morning = await createCategory(t.db, s.restaurant._id, { title: 'Nonushta', schedule: breakfast });
    const omelette = await createProduct(t.db, morning._id, { name: 'Quymoq' });
    const order = () =>
      postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(s.product._id), line(omelette._id)] });

    atTashkent('2026-12-02T07:59');
    const early = await order();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: "Ba'zi taomlar hozir mavjud emas. Ularni savatdan olib tashlab, qayta yuboring.",
      unavailable: [omelette._id],
    });
    atTashkent('2026-12-02T08:00');
    expect((await order()).statusCode).toBe(201);
    atTashkent('2026-12-02T10:59');
    expect((await order()).statusCode).toBe(201);
    atTashkent('2026-12-02T11:00');
    expect((await order()).json().unavailable).toEqual([omelette._id]);
    expect(await ordersOf(s.restaurant._id)).toBe(2);
  });

  it('follow a dish’s own schedule inside an open category, on its days only', async () => {
    const s = await openAt(null);
    const lunch: Schedule = { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' };
    await t.db.update(products).set({ schedule: lunch }).where(eq(products._id, s.product._id));
    atTashkent('2026-12-04T12:00'); // Friday
    expect((await s.order()).statusCode).toBe(201);
    atTashkent('2026-12-05T12:00'); // Saturday
    expect((await s.order()).json().unavailable).toEqual([s.product._id]);
  });

  it('carry a late menu past midnight into the next day, and Sunday’s into Monday', async () => {
    const s = await openAt(null);
    const lateMonday = await createCategory(t.db, s.restaurant._id, {
      schedule: { days: [1], from: '22:00', to: '02:00', outside: 'grey' },
    });
    const lateSunday = await createCategory(t.db, s.restaurant._id, {
      schedule: { days: [7], from: '22:00', to: '02:00', outside: 'grey' },
    });
    const mondayDish = await createProduct(t.db, lateMonday._id);
    const sundayDish = await createProduct(t.db, lateSunday._id);
    const table = await createTable(t.db, s.restaurant._id);
    const order = (productId: string) =>
      postOrder(t, s.restaurant.slug, { table_id: table.token, items: [line(productId)] });

    atTashkent('2026-12-01T01:59'); // Tuesday, in Monday's window
    expect((await order(mondayDish._id)).statusCode).toBe(201);
    atTashkent('2026-12-01T02:00');
    expect((await order(mondayDish._id)).json().unavailable).toEqual([mondayDish._id]);

    atTashkent('2026-12-06T21:59'); // Sunday
    expect((await order(sundayDish._id)).json().unavailable).toEqual([sundayDish._id]);
    atTashkent('2026-12-06T22:00');
    expect((await order(sundayDish._id)).statusCode).toBe(201);
    atTashkent('2026-12-07T01:59'); // Monday
    expect((await order(sundayDish._id)).statusCode).toBe(201);
    atTashkent('2026-12-07T02:00');
    expect((await order(sundayDish._id)).json().unavailable).toEqual([sundayDish._id]);
  });
});
