import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { orderCounters, orders, products, staffEvents } from '../../server/db/schema';
import { tashkentDate } from '../../server/repositories/orders';
import { createCategory, createOption, createProduct, createRestaurant, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postOrder } from './orders-fixtures';

const t = setupTenants();

/** Everything an order writes, to prove a refused one wrote nothing. */
async function orderTables() {
  return JSON.stringify([
    await t.db.select().from(orders).orderBy(asc(orders._id)),
    await t.db.select().from(orderCounters).orderBy(asc(orderCounters.restaurant_id)),
    await t.db.select().from(staffEvents).orderBy(asc(staffEvents.id)),
  ]);
}

describe('POST /menu/{slug}/orders: prices', () => {
  it('prices every line from the database, rows added, exact to the tiyin', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    await t.db.update(products).set({ price: 25000.35 }).where(eq(products._id, product._id));
    const size = await createOption(t.db, product._id, { name: 'Hajmi' });
    await createRow(t.db, size._id, { name: 'Kichik', price: 0.1 });
    const big = await createRow(t.db, size._id, { name: 'Katta', price: 5000.05 });
    const sauce = await createOption(t.db, product._id, { name: 'Sous' });
    const garlic = await createRow(t.db, sauce._id, { name: 'Sarimsoqli', price: 1000.01 });
    // 0.1 + 0.2 and × 3 are where floating point loses a tiyin (0.9000000000000001).
    const tea = await createProduct(t.db, category._id, { name: 'Choy', price: 0.1 });
    const sugar = await createRow(t.db, (await createOption(t.db, tea._id))._id, { name: 'Shakar', price: 0.2 });

    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [
        { product_id: product._id, quantity: 3, row_ids: [big._id, garlic._id] },
        { product_id: tea._id, quantity: 3, row_ids: [sugar._id] },
      ],
      comment: 'Achchiq qilmang.\nRahmat!',
    });

    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = res.json().data;
    expect(order).toEqual({
      _id: expect.any(String),
      number: 1,
      status: 'new',
      table: { _id: table._id, name: '5' },
      items: [
        {
          product_id: product._id,
          name: product.name,
          quantity: 3,
          rows: [
            { _id: big._id, name: 'Katta', price: 5000.05 },
            { _id: garlic._id, name: 'Sarimsoqli', price: 1000.01 },
          ],
          line_total: 93001.23,
        },
        {
          product_id: tea._id,
          name: 'Choy',
          quantity: 3,
          rows: [{ _id: sugar._id, name: 'Shakar', price: 0.2 }],
          line_total: 0.9,
        },
      ],
      total: 93002.13,
      comment: 'Achchiq qilmang.\nRahmat!',
      needs_confirmation: false,
      service_percent: 0,
      service: 0,
      payment_status: 'unpaid',
      createdAt: expect.any(String),
    });
    const [stored] = await t.db
      .select({ total: sql<string>`${orders.total}::text` })
      .from(orders)
      .where(eq(orders._id, order._id));
    expect(stored!.total).toBe('93002.13');
  });

  it('ignores any price the diner sends: an unknown field is a 400', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 1, price: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"items.0.price" maydoni qabul qilinmaydi.');
  });

  it('records order.created with the staff view of the order in the same transaction', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 2 }],
    });
    const order = res.json().data;
    const events = await t.db.select().from(staffEvents).where(eq(staffEvents.restaurant_id, restaurant._id));
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('order.created');
    expect(events[0]!.data).toEqual({
      ...order,
      // The staff see where each line is in the kitchen (no stations here: none, new, unmoved).
      items: order.items.map((line: object) => ({ ...line, station_id: null, status: 'new', moves: [] })),
      kitchen_status: 'new',
      print: null,
      payment: null,
      pos: null,
      restaurant_id: restaurant._id,
      updatedAt: expect.any(String),
      status_changed_by: null,
      telegram_error: null,
    });
    expect(order.total).toBe(50000);
  });
});

describe('POST /menu/{slug}/orders: idempotency', () => {
  it('answers the first order again (200) for the same key and body and creates nothing', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const body = { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] };
    const key = randomUUID();
    const first = await postOrder(t, restaurant.slug, body, { key, device: 'phone-aaaaaaaa' });
    const before = await orderTables();
    // The same body, the comment's surrounding blanks aside: a retry after a lost answer.
    const again = await postOrder(t, restaurant.slug, { ...body, comment: '  ' }, { key, device: 'phone-aaaaaaaa' });
    expect(first.statusCode).toBe(201);
    // No comment sent: an empty one, never a made-up text.
    expect(first.json().data.comment).toBe('');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await orderTables()).toBe(before);
    const other = await postOrder(t, restaurant.slug, body);
    expect(other.statusCode).toBe(201);
    expect(other.json().data.number).toBe(2);
  });

  it('answers 422 in Uzbek when the same key comes with another body, and keeps the first order as it was', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const tea = await createProduct(t.db, category._id, { name: 'Choy', price: 5000 });
    const body = { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] };
    const key = randomUUID();
    const device = 'phone-bbbbbbbb';
    const first = await postOrder(t, restaurant.slug, body, { key, device });
    expect(first.statusCode).toBe(201);
    const before = await orderTables();
    for (const changed of [
      { ...body, comment: 'boshqa' },
      { ...body, items: [{ product_id: product._id, quantity: 2 }] },
      { ...body, items: [...body.items, { product_id: tea._id, quantity: 1 }] },
    ]) {
      const res = await postOrder(t, restaurant.slug, changed, { key, device });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Bu Idempotency-Key boshqa tarkibli buyurtma uchun ishlatilgan. Yangi buyurtmani yangi kalit bilan yuboring.',
      );
    }
    expect(await orderTables()).toBe(before);
  });

  it('scopes keys to the table and the device: a guessed key elsewhere never answers another diner’s order', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const table2 = await createTable(t.db, restaurant._id, { name: '6' });
    const items = [{ product_id: product._id, quantity: 1 }];
    const key = randomUUID();
    const mine = await postOrder(
      t,
      restaurant.slug,
      { table_id: table.token, items },
      { key, device: 'phone-mine0001' },
    );
    const otherDevice = await postOrder(
      t,
      restaurant.slug,
      { table_id: table.token, items },
      { key, device: 'phone-else0001' },
    );
    const noDevice = await postOrder(t, restaurant.slug, { table_id: table.token, items }, { key });
    const otherTable = await postOrder(
      t,
      restaurant.slug,
      { table_id: table2.token, items },
      { key, device: 'phone-mine0001' },
    );
    for (const res of [otherDevice, noDevice, otherTable]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().data._id).not.toBe(mine.json().data._id);
    }
    expect(await t.db.select().from(orders).where(eq(orders.idempotency_key, key))).toHaveLength(4);
  });

  it('keeps keys per restaurant: the same key elsewhere is a new order', async () => {
    const a = await orderingRestaurant(t);
    const b = await orderingRestaurant(t);
    const key = randomUUID();
    const first = await postOrder(
      t,
      a.restaurant.slug,
      { table_id: a.table.token, items: [{ product_id: a.product._id, quantity: 1 }] },
      { key },
    );
    const second = await postOrder(
      t,
      b.restaurant.slug,
      { table_id: b.table.token, items: [{ product_id: b.product._id, quantity: 1 }] },
      { key },
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data._id).not.toBe(first.json().data._id);
  });

  it('creates one order for two concurrent requests with one key from one table and device', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    // Without a device id, and with one: the scope is the same for both requests either way.
    for (const device of [undefined, 'phone-conc0001']) {
      const key = randomUUID();
      const answers = await Promise.all(
        [1, 2].map(() =>
          postOrder(
            t,
            restaurant.slug,
            { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] },
            { key, device },
          ),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
      expect(answers[0]!.json().data).toEqual(answers[1]!.json().data);
      const made = await t.db.select().from(orders).where(eq(orders.idempotency_key, key));
      expect(made).toHaveLength(1);
      const events = await t.db.select().from(staffEvents).where(sql`${staffEvents.data}->>'_id' = ${made[0]!._id}`);
      expect(events).toHaveLength(1);
    }
    // Numbers given and taken back by the loser leave no gap.
    const numbers = await t.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.restaurant_id, restaurant._id))
      .orderBy(asc(orders.number));
    expect(numbers.map((row) => row.number)).toEqual([1, 2]);
  });

  it('needs an Idempotency-Key of 1-100 characters', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const body = { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] };
    const before = await orderTables();
    const missing = await postOrder(t, restaurant.slug, body, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('"idempotency-key" maydoni majburiy.');
    for (const key of ['', 'k'.repeat(101)]) {
      const res = await postOrder(t, restaurant.slug, body, { key });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^"idempotency-key" maydoni noto'g'ri: /);
    }
    expect(await orderTables()).toBe(before);
    expect((await postOrder(t, restaurant.slug, body, { key: 'k'.repeat(100) })).statusCode).toBe(201);
  });
});

describe('POST /menu/{slug}/orders: unavailable products (409)', () => {
  it('names every product that cannot be ordered now and creates nothing', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const stopped = await createProduct(t.db, category._id, { is_active: false });
    const hiddenCategory = await createCategory(t.db, restaurant._id, { is_active: false });
    const inHidden = await createProduct(t.db, hiddenCategory._id);
    const elsewhere = await createRestaurant(t.db, { manager_id: t.owner._id, ordering_enabled: true });
    const foreign = await createProduct(t.db, (await createCategory(t.db, elsewhere._id))._id);
    const unknown = randomUUID();
    const before = await orderTables();

    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [
        { product_id: product._id, quantity: 1 },
        { product_id: stopped._id, quantity: 1 },
        { product_id: inHidden._id, quantity: 2 },
        { product_id: foreign._id, quantity: 1 },
        { product_id: unknown, quantity: 1 },
        { product_id: stopped._id, quantity: 3 },
      ],
    });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: "Ba'zi taomlar hozir mavjud emas. Ularni savatdan olib tashlab, qayta yuboring.",
      unavailable: [stopped._id, inHidden._id, foreign._id, unknown],
    });
    expect(await orderTables()).toBe(before);
  });

  it('sees a stop-list change made a moment before', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const body = { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] };
    const hide = (is_active: boolean) =>
      t.call('owner', { method: 'PUT', url: `/manager/category/update/${category._id}`, payload: { is_active } });
    expect((await hide(false)).statusCode).toBe(200);
    expect((await postOrder(t, restaurant.slug, body)).json().unavailable).toEqual([product._id]);
    expect((await hide(true)).statusCode).toBe(200);
    expect((await postOrder(t, restaurant.slug, body)).statusCode).toBe(201);
  });
});

describe('POST /menu/{slug}/orders: malformed input (400)', () => {
  it('refuses quantities, line counts and comments outside the limits, in Uzbek', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const line = { product_id: product._id, quantity: 1 };
    const cases: [unknown, RegExp][] = [
      [{ table_id: table.token, items: [{ ...line, quantity: 0 }] }, /^"items\.0\.quantity" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [{ ...line, quantity: 51 }] }, /^"items\.0\.quantity" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [{ ...line, quantity: 1.5 }] }, /^"items\.0\.quantity" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [{ ...line, quantity: '2' }] }, /^"items\.0\.quantity" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [] }, /^"items" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: Array.from({ length: 51 }, () => line) }, /^"items" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [line], comment: 'x'.repeat(301) }, /^"comment" maydoni noto'g'ri: /],
      [{ table_id: table.token, items: [line], comment: 'a\u0000b' }, /^"comment" maydoni noto'g'ri: /],
      [{ table_id: '', items: [line] }, /^"table_id" maydoni noto'g'ri: /],
      [{ items: [line] }, /^"table_id" maydoni majburiy\.$/],
    ];
    const before = await orderTables();
    for (const [body, message] of cases) {
      const res = await postOrder(t, restaurant.slug, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await orderTables()).toBe(before);
    const fifty = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: Array.from({ length: 50 }, () => ({ ...line, quantity: 50 })),
      comment: 'y'.repeat(300),
    });
    expect(fifty.statusCode).toBe(201);
    expect(fifty.json().data.total).toBe(50 * 50 * 25000);
  });

  it('takes only rows of the product’s own options, at most one per option', async () => {
    const { restaurant, table, category, product } = await orderingRestaurant(t);
    const size = await createOption(t.db, product._id);
    const small = await createRow(t.db, size._id);
    const big = await createRow(t.db, size._id);
    const other = await createProduct(t.db, category._id);
    const otherRow = await createRow(t.db, (await createOption(t.db, other._id))._id);
    const before = await orderTables();
    const order = (row_ids: string[]) =>
      postOrder(t, restaurant.slug, {
        table_id: table.token,
        items: [
          { product_id: other._id, quantity: 1 },
          { product_id: product._id, quantity: 1, row_ids },
        ],
      });

    const foreignRow = await order([otherRow._id]);
    expect(foreignRow.statusCode).toBe(400);
    expect(foreignRow.json().message).toBe(
      `"items.1.row_ids" maydoni noto'g'ri: ${otherRow._id} qatori bu mahsulotning opsiyalariga tegishli emas.`,
    );
    const unknownRow = randomUUID();
    expect((await order([unknownRow])).json().message).toContain(unknownRow);
    // The size is one choice: two of its rows are refused naming it, and a row named twice is refused as such.
    const twoSizes = await order([small._id, big._id]);
    expect(twoSizes.statusCode).toBe(400);
    expect(twoSizes.json().message).toBe(
      `"items.1.row_ids" maydoni noto'g'ri: "${product.name}" uchun "${size.name}" dan faqat bittasini tanlash mumkin.`,
    );
    const sameTwice = await order([small._id, small._id]);
    expect(sameTwice.statusCode).toBe(400);
    expect(sameTwice.json().message).toBe(
      `"items.1.row_ids" maydoni noto'g'ri: ${small._id} qatori ikki marta tanlangan.`,
    );
    expect(await orderTables()).toBe(before);
    expect((await order([big._id])).statusCode).toBe(201);
  });

  it('refuses a total beyond what the database stores (400, not a 500)', async () => {
    const { restaurant, table, category } = await orderingRestaurant(t);
    const dear = await createProduct(t.db, category._id, { price: 100_000_000_000 });
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: Array.from({ length: 50 }, () => ({ product_id: dear._id, quantity: 50 })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Buyurtma summasi juda katta: uni bir necha buyurtmaga bo'ling.");
  });
});

describe('POST /menu/{slug}/orders: restaurant and table (403, 404)', () => {
  it('answers 403 while the restaurant has ordering off', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t, { ordering_enabled: false });
    const res = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bu restoranda stoldan buyurtma berish yoqilmagan.');
  });

  it('answers 404 for an unknown or inactive restaurant, and an unknown, inactive or foreign table', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const inactive = await orderingRestaurant(t, { is_active: false });
    const closedTable = await createTable(t.db, restaurant._id, { name: 'Yopiq', is_active: false });
    const foreignTable = (await orderingRestaurant(t)).table;
    const items = [{ product_id: product._id, quantity: 1 }];
    const before = await orderTables();
    const cases: [string, string, string][] = [
      ['no-such-restaurant', table.token, 'Restoran topilmadi.'],
      [inactive.restaurant.slug, inactive.table.token, 'Restoran topilmadi.'],
      [restaurant.slug, randomUUID(), 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.'],
      // The table's own id is not its token: a list of ids (as the public card sheet once gave) orders nothing.
      [restaurant.slug, table._id, 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.'],
      [restaurant.slug, 'stol-5', 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.'],
      [restaurant.slug, closedTable.token, 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.'],
      [restaurant.slug, foreignTable.token, 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.'],
    ];
    for (const [slug, tableId, message] of cases) {
      const res = await postOrder(t, slug, { table_id: tableId, items });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect(await orderTables()).toBe(before);
    // The slug in any case is the restaurant (slugs are looked up lowercased).
    const upper = await postOrder(t, restaurant.slug.toUpperCase(), { table_id: table.token, items });
    expect(upper.statusCode).toBe(201);
  });
});

describe('order numbers', () => {
  it('count per restaurant per day in Asia/Tashkent', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const body = { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] };
    const [today] = rowsOf<{ day: string }>(await t.db.execute(sql`select ${tashkentDate()}::text as day`));
    const [yesterday] = rowsOf<{ day: string }>(await t.db.execute(sql`select (${tashkentDate()} - 1)::text as day`));
    await t.db
      .insert(orderCounters)
      .values({ restaurant_id: restaurant._id, business_date: yesterday!.day, last_number: 41 });

    const first = (await postOrder(t, restaurant.slug, body)).json().data;
    expect(first.number).toBe(1);
    await t.db
      .update(orderCounters)
      .set({ last_number: 41 })
      .where(
        sql`${orderCounters.restaurant_id} = ${restaurant._id} and ${orderCounters.business_date} = ${today!.day}`,
      );
    expect((await postOrder(t, restaurant.slug, body)).json().data.number).toBe(42);
    const other = await orderingRestaurant(t);
    const theirs = await postOrder(t, other.restaurant.slug, {
      table_id: other.table.token,
      items: [{ product_id: other.product._id, quantity: 1 }],
    });
    expect(theirs.json().data.number).toBe(1);
    const [row] = await t.db.select().from(orders).where(eq(orders._id, first._id));
    expect(row!.business_date).toBe(today!.day);
  });

  it('eight orders of one restaurant at once, from eight tables: numbers 1 to 8, each once', async () => {
    const { restaurant, product } = await orderingRestaurant(t);
    const tables = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createTable(t.db, restaurant._id, { name: `T${i + 1}` })),
    );
    const answers = await Promise.all(
      tables.map((table) =>
        postOrder(t, restaurant.slug, { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const numbers = answers.map((answer) => answer.json().data.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('take the Tashkent date: UTC+5, so 19:00 UTC is already the next day', async () => {
    const day = async (iso: string) =>
      rowsOf<{ day: string }>(
        await t.db.execute(sql`select ${tashkentDate(sql`${iso}::timestamptz`)}::text as day`),
      )[0]!.day;
    expect(await day('2026-11-25T18:59:59Z')).toBe('2026-11-25');
    expect(await day('2026-11-25T19:00:00Z')).toBe('2026-11-26');
    expect(await day('2026-06-30T19:00:00Z')).toBe('2026-07-01');
  });
});

describe('GET /menu/{slug}/orders/{id}', () => {
  it('answers the order with its current status, never stored by a cache', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const created = (
      await postOrder(t, restaurant.slug, { table_id: table.token, items: [{ product_id: product._id, quantity: 1 }] })
    ).json().data;
    await t.db.update(orders).set({ status: 'accepted' }).where(eq(orders._id, created._id));
    const res = await t.app.inject({ method: 'GET', url: `/menu/${restaurant.slug}/orders/${created._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: { ...created, status: 'accepted' } });
    // Still readable after ordering is switched off.
    await t.db.execute(sql`update restaurants set ordering_enabled = false where id = ${restaurant._id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/menu/${restaurant.slug}/orders/${created._id}` })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for another restaurant’s order or an unknown id, 400 for a malformed one', async () => {
    const a = await orderingRestaurant(t);
    const b = await orderingRestaurant(t);
    const order = (
      await postOrder(t, a.restaurant.slug, {
        table_id: a.table.token,
        items: [{ product_id: a.product._id, quantity: 1 }],
      })
    ).json().data;
    const get = (slug: string, id: string) => t.app.inject({ method: 'GET', url: `/menu/${slug}/orders/${id}` });
    for (const res of [await get(b.restaurant.slug, order._id), await get(a.restaurant.slug, randomUUID())]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Buyurtma topilmadi.');
    }
    expect((await get('no-such-restaurant', order._id)).json().message).toBe('Restoran topilmadi.');
    expect((await get(a.restaurant.slug, 'not-a-uuid')).statusCode).toBe(400);
  });
});
