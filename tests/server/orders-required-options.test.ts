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
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', min_choices: 1 });
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
    const portion = await createOption(t.db, product._id, { name: 'Porsiya', min_choices: 1 });
    const one = await createRow(t.db, portion._id);
    const bread = await createOption(t.db, product._id, { name: 'Non', min_choices: 1 });
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
    await createOption(t.db, product._id, { name: 'Bo‘sh', min_choices: 1 });
    await createRow(t.db, (await createOption(t.db, product._id, { name: 'Sous' }))._id);
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
  });

  it('takes between an option’s minimum and maximum rows, each once, and names the option otherwise', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const extras = await createOption(t.db, product._id, { name: 'Salatlar', min_choices: 2, max_choices: 3 });
    const [a, b, c, d] = await Promise.all(
      ['Achchiq-chuchuk', 'Shakarob', 'Vinegret', 'Olivye'].map((name) => createRow(t.db, extras._id, { name })),
    );
    const before = await ordersNow();
    const order = (row_ids: string[]) =>
      postOrder(t, restaurant.slug, {
        table_id: table.token,
        items: [{ product_id: product._id, quantity: 1, row_ids }],
      });
    const field = `"items.0.row_ids" maydoni noto'g'ri`;
    for (const rows of [[], [a!._id]]) {
      const res = await order(rows);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${field}: "${product.name}" uchun "Salatlar" dan kamida 2 ta tanlash majburiy.`);
    }
    const four = await order([a!._id, b!._id, c!._id, d!._id]);
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe(
      `${field}: "${product.name}" uchun "Salatlar" dan ko'pi bilan 3 ta tanlash mumkin.`,
    );
    const twice = await order([a!._id, a!._id]);
    expect(twice.json().message).toBe(`${field}: ${a!._id} qatori ikki marta tanlangan.`);
    expect(await ordersNow()).toBe(before);

    for (const rows of [
      [a!._id, b!._id],
      [b!._id, c!._id, d!._id],
    ]) {
      const res = await order(rows);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.items[0].rows.map((row: { _id: string }) => row._id)).toEqual(rows);
    }
  });

  it('asks for every row of an option that has fewer rows than its minimum', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const sides = await createOption(t.db, product._id, { name: 'Garnir', min_choices: 3, max_choices: 3 });
    const rice = await createRow(t.db, sides._id, { name: 'Guruch' });
    const fries = await createRow(t.db, sides._id, { name: 'Kartoshka fri' });
    const order = (row_ids: string[]) =>
      postOrder(t, restaurant.slug, {
        table_id: table.token,
        items: [{ product_id: product._id, quantity: 1, row_ids }],
      });
    expect((await order([rice._id])).json().message).toContain('"Garnir" dan kamida 2 ta tanlash majburiy');
    expect((await order([rice._id, fries._id])).statusCode).toBe(201);
  });
});
