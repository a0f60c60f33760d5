import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { kitchenRestaurant } from './kitchen-fixtures';
import { orderingRestaurant, postOrder } from './orders-fixtures';

const t = setupTenants();

/**
 * An order's dishes are remembered once ordered (domain/orders/ordering-dishes.ts): the next order of them reads only
 * its table. Every write the manager makes to what pricing uses must show in the very next order: the price, the
 * stop-list, an option and its rows, the category, and the kitchen station a dish goes to.
 */

async function owner(request: InjectOptions, status = 200) {
  const res = await t.call('owner', request);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

type Setup = Awaited<ReturnType<typeof orderingRestaurant>>;

/** An order of one of the dish (with these rows): its answer. */
const order = (s: Setup, row_ids?: string[], productId = s.product._id) =>
  postOrder(t, s.restaurant.slug, {
    table_id: s.table.token,
    items: [{ product_id: productId, quantity: 1, ...(row_ids ? { row_ids } : {}) }],
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
});
