import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schedule } from '../../lib/schedule-types';
import { orders } from '../../server/db/schema';
import { placeOrder } from '../../server/domain/orders/place-order';
import { HttpError } from '../../server/errors';
import { messages } from '../../server/messages';
import { orderBodyHash } from '../../server/routes/menu/order-body';
import { setupTenants } from '../support/tenants';
import { kitchenRestaurant } from './kitchen-fixtures';
import { orderingRestaurant, postOrder } from './orders-fixtures';

const t = setupTenants();

/**
 * An order's table and dishes are remembered once ordered (domain/orders/ordering-reads.ts): the next order of them
 * reads nothing before its write. Every write the manager makes to what an order uses must show in the very next
 * order: the table (its token, whether it is active), the price, the stop-list, an option and its rows, the category,
 * and the kitchen station a dish goes to. And a retry of an order already made is answered with that order whatever
 * changed without a write since: the clock, the diner's limits.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function owner(request: InjectOptions, status = 200) {
  const res = await t.call('owner', request);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

type Setup = Awaited<ReturnType<typeof orderingRestaurant>>;

/** An order of one of the dish (with these rows) from the table of this token: its answer. */
const order = (s: Setup, row_ids?: string[], token = s.table.token) =>
  postOrder(t, s.restaurant.slug, {
    table_id: token,
    items: [{ product_id: s.product._id, quantity: 1, ...(row_ids ? { row_ids } : {}) }],
  });

describe('an order after a write to what it is priced with', () => {
  it('is priced at the dish’s new price, and refused once the dish is on the stop-list', async () => {
    const s = await orderingRestaurant(t);
    expect((await order(s)).json().data.total).toBe(25000);
    await owner({ method: 'PUT', url: `/manager/products/${s.product._id}`, payload: { price: 31000 } });
    expect((await order(s)).json().data.total).toBe(31000);
    await owner({
      method: 'PUT',
      url: '/manager/products/availability',
      payload: { ids: [s.product._id], is_active: false },
    });
    const refused = await order(s);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().unavailable).toEqual([s.product._id]);
    await owner({
      method: 'PUT',
      url: '/manager/products/availability',
      payload: { ids: [s.product._id], is_active: true },
    });
    expect((await order(s)).statusCode).toBe(201);
  });

  it('is refused once its category is hidden', async () => {
    const s = await orderingRestaurant(t);
    expect((await order(s)).statusCode).toBe(201);
    await owner({ method: 'PUT', url: `/manager/category/update/${s.category._id}`, payload: { is_active: false } });
    expect((await order(s)).statusCode).toBe(409);
  });

  it('must choose a row of an option made required since, and pays the row’s new price', async () => {
    const s = await orderingRestaurant(t);
    expect((await order(s)).statusCode).toBe(201);
    const option = await owner(
      {
        method: 'POST',
        url: '/manager/product-option',
        payload: { product_id: s.product._id, name: 'Porsiya', required: true },
      },
      201,
    );
    const optionId = option.json()._id as string;
    await owner(
      {
        method: 'POST',
        url: '/manager/product-option-row',
        payload: { product_option_id: optionId, name: 'Katta', price: 5000 },
      },
      201,
    );
    const rows = await owner({ method: 'GET', url: `/manager/product-option-row/${optionId}` });
    const rowId = rows.json().data[0]._id as string;
    const without = await order(s);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(
      `"items.0.row_ids" maydoni noto'g'ri: "${s.product.name}" uchun "Porsiya" tanlash majburiy.`,
    );
    expect((await order(s, [rowId])).json().data.total).toBe(30000);
    await owner({ method: 'PUT', url: `/manager/product-option-row/${rowId}`, payload: { price: 7000 } });
    expect((await order(s, [rowId])).json().data.total).toBe(32000);
    await owner({ method: 'DELETE', url: `/manager/product-option-row/${rowId}` });
    // The option has no row left to choose: it asks for nothing, and the deleted row is not the dish's any more.
    expect((await order(s)).json().data.total).toBe(25000);
    expect((await order(s, [rowId])).statusCode).toBe(400);
  });

  it('goes to the station that makes its dish now: a station created, moved or deleted since', async () => {
    // The food's category has no station: it goes to the restaurant's first, Oshxona here.
    const s = await kitchenRestaurant(t, { oshxona: { position: 2 }, bar: { position: 3 } });
    const stationOfFood = async () => {
      const placed = await order(s);
      expect(placed.statusCode, placed.body).toBe(201);
      const [row] = await t.db.select().from(orders).where(eq(orders._id, placed.json().data._id));
      return row!.items[0]!.station_id;
    };
    expect(await stationOfFood()).toBe(s.oshxona._id);
    const tandir = await owner(
      {
        method: 'POST',
        url: `/manager/restaurants/${s.restaurant._id}/stations`,
        payload: { name: 'Tandir', position: 0 },
      },
      201,
    );
    const tandirId = tandir.json().data._id as string;
    expect(await stationOfFood()).toBe(tandirId);
    await owner({ method: 'PUT', url: `/manager/stations/${tandirId}`, payload: { position: 9 } });
    expect(await stationOfFood()).toBe(s.oshxona._id);
    await owner({ method: 'DELETE', url: `/manager/stations/${s.oshxona._id}` });
    expect(await stationOfFood()).toBe(s.bar._id);
  });

  it('is refused at a table given a new QR code or switched off since, and taken from its new code', async () => {
    const s = await orderingRestaurant(t);
    expect((await order(s)).statusCode).toBe(201);
    const renewed = await owner({ method: 'POST', url: `/manager/tables/${s.table._id}/token` });
    const token = renewed.json().data.token as string;
    expect(t.changed).toEqual([s.restaurant._id]);
    const old = await order(s);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(messages.tableNotFoundScanAgain);
    expect((await order(s, undefined, token)).statusCode).toBe(201);
    await owner({ method: 'PUT', url: `/manager/tables/${s.table._id}`, payload: { is_active: false } });
    expect((await order(s, undefined, token)).statusCode).toBe(404);
  });
});

describe('a retry of an order already made, its table and dishes remembered', () => {
  it('answers the order after the dish’s schedule ended, and refuses a new order of it', async () => {
    const s = await orderingRestaurant(t);
    const lunch: Schedule = { days: [1, 2, 3, 4, 5, 6, 7], from: '12:00', to: '15:00', outside: 'grey' };
    await owner({ method: 'PUT', url: `/manager/products/${s.product._id}`, payload: { schedule: lunch } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T14:59:00+05:00'));
    const key = randomUUID();
    const first = await postOrder(
      t,
      s.restaurant.slug,
      { table_id: s.table.token, items: [{ product_id: s.product._id, quantity: 1 }] },
      { key },
    );
    expect(first.statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-12-02T15:00:00+05:00'));
    const again = await postOrder(
      t,
      s.restaurant.slug,
      { table_id: s.table.token, items: [{ product_id: s.product._id, quantity: 1 }] },
      { key },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await order(s)).json().unavailable).toEqual([s.product._id]);
  });

  it('answers the order when the diner’s limits refuse the request, and refuses a new one', async () => {
    const s = await orderingRestaurant(t);
    const body = { table_id: s.table.token, items: [{ product_id: s.product._id, quantity: 1 }] };
    const key = randomUUID();
    const device = randomUUID();
    const first = await postOrder(t, s.restaurant.slug, body, { key, device });
    expect(first.statusCode).toBe(201);
    // As another server process hears the retry: it never counted this attempt, and the device is at its limit there.
    const deps = { db: t.db, work: t.app.work, orderStatements: t.app.orderStatements };
    const atLimit = () => {
      throw new HttpError(429, 'Juda ko‘p buyurtma.');
    };
    const request = (idempotencyKey: string) => ({
      restaurantId: s.restaurant._id,
      hours: { time_zone: 'Asia/Tashkent', working_hours: null },
      tableToken: s.table.token,
      deviceId: device,
      idempotencyKey,
      hash: orderBodyHash(body),
      body,
    });
    const threshold = { perTable: 10, windowSeconds: 3600 };
    const replayed = await placeOrder(deps, request(key), threshold, atLimit);
    expect(replayed).toMatchObject({ kind: 'replayed', order: { _id: first.json().data._id } });
    await expect(placeOrder(deps, request(randomUUID()), threshold, atLimit)).rejects.toMatchObject({
      statusCode: 429,
    });
  });
});
