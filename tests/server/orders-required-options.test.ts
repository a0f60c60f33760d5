import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { createOption, createProduct, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, postOrder } from './orders-fixtures';

const t = setupTenants();

const ordersNow = async () => JSON.stringify(await t.db.select().from(orders).orderBy(asc(orders._id)));

/**
 * A required option (a portion) must have its row chosen: an order line without it is refused with 400 naming the
 * dish and the option, whatever else the order holds; an optional one may be left out.
 */
describe('POST /menu/{slug}/orders: required options', () => {
  it('refuses a line without a row of a required option, naming it, and creates nothing', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', required: true });
    const one = await createRow(t.db, portion._id, { name: '1 porsiya', price: 0 });
    const sauce = await createOption(t.db, product._id, { name: 'Sous' });
    const garlic = await createRow(t.db, sauce._id, { name: 'Sarimsoqli', price: 1000 });
    const tea = await createProduct(t.db, category._id, { name: 'Choy', price: 5000 });
    const before = await ordersNow();
    const order = (row_ids?: string[]) =>
      postOrder(t, restaurant.slug, {
        table_id: table.token,
        items: [
          { product_id: tea._id, quantity: 1 },
          { product_id: product._id, quantity: 2, ...(row_ids ? { row_ids } : {}) },
        ],
      });

    for (const rows of [undefined, [], [garlic._id]]) {
      const res = await order(rows);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `"items.1.row_ids" maydoni noto'g'ri: "${product.name}" uchun "Porsiya" tanlash majburiy.`,
      );
    }
    expect(await ordersNow()).toBe(before);

    // With its portion the same order is taken; the optional sauce may be left out.
    const taken = await order([one._id]);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data.items[1]).toMatchObject({ rows: [{ _id: one._id, name: '1 porsiya' }] });
  });

  it('names the first required option missing when a dish has two', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', required: true });
    const one = await createRow(t.db, portion._id);
    const bread = await createOption(t.db, product._id, { name: 'Non', required: true });
    const white = await createRow(t.db, bread._id);
    const order = (row_ids: string[]) =>
      postOrder(t, restaurant.slug, {
        table_id: table.token,
        items: [{ product_id: product._id, quantity: 1, row_ids }],
      });
    expect((await order([one._id])).json().message).toBe(
      `"items.0.row_ids" maydoni noto'g'ri: "${product.name}" uchun "Non" tanlash majburiy.`,
    );
    expect((await order([white._id])).json().message).toContain('"Porsiya" tanlash majburiy');
    expect((await order([white._id, one._id])).statusCode).toBe(201);
  });

  it('does not ask for a required option that has no rows (nothing to choose), nor for an optional one', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    await createOption(t.db, product._id, { name: 'Bo‘sh', required: true });
    await createRow(t.db, (await createOption(t.db, product._id, { name: 'Sous' }))._id);
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
  });
});
