import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, orderCounters, orders, staffEvents } from '../../server/db/schema';
import { CALL_LIMITS, ORDER_LIMITS } from '../../server/routes/menu/table-limits';
import { setupTenants } from '../support/tenants';
import { createTable, freshAddress, orderingRestaurant, postCall, postOrder } from './orders-fixtures';

/**
 * Issue 17's abuse limits on the diner's calls: per client address (60 orders and 120 calls per 10 minutes, in memory
 * per process) and per table (30 orders per hour, counted in the database whoever sends them). Every 429 is Uzbek,
 * says how long to wait, sends Retry-After, and creates nothing.
 */

const t = setupTenants();

const everything = async () =>
  JSON.stringify([
    await t.db.select().from(orders).orderBy(asc(orders._id)),
    await t.db.select().from(orderCounters).orderBy(asc(orderCounters.restaurant_id)),
    await t.db.select().from(calls).orderBy(asc(calls._id)),
    await t.db.select().from(staffEvents).orderBy(asc(staffEvents.id)),
  ]);

const line = (productId: string) => ({ product_id: productId, quantity: 1 });

let number = 1000;
/** `count` orders of the table made `minutesAgo` minutes ago (written straight in: the per-table window reads them). */
async function pastOrders(restaurantId: string, tableId: string, count: number, minutesAgo: number) {
  for (let i = 0; i < count; i++) {
    const at = sql`now() - make_interval(secs => ${minutesAgo * 60})`;
    await t.db.insert(orders).values({
      restaurant_id: restaurantId,
      table_id: tableId,
      table_name: '5',
      number: ++number,
      business_date: '2026-01-01',
      items: [],
      total: 0,
      idempotency_key: randomUUID(),
      createdAt: at as unknown as string,
      updatedAt: at as unknown as string,
    });
  }
}

/** A restaurant with `count` tables, used in turn, so that the per-table limit (30 an hour) is never what refuses. */
async function manyTables(count: number) {
  const s = await orderingRestaurant(t);
  const tables = [s.table];
  while (tables.length < count) tables.push(await createTable(t.db, s.restaurant._id));
  let next = 0;
  return { ...s, tables, body: () => ({ table_id: tables[next++ % count]!._id, items: [line(s.product._id)] }) };
}

describe('orders per client address', () => {
  it('takes 60 orders from one address in 10 minutes (any restaurant), then 429 with Retry-After; other addresses go on', async () => {
    expect(ORDER_LIMITS.perAddress).toBe(60);
    const a = await manyTables(2);
    const b = await manyTables(2);
    const address = freshAddress();
    const keys: string[] = [];
    for (let i = 0; i < ORDER_LIMITS.perAddress; i++) {
      const s = i % 2 === 0 ? a : b;
      const key = randomUUID();
      keys.push(key);
      const res = await postOrder(t, s.restaurant.slug, s.body(), { key, remoteAddress: address });
      expect(res.statusCode, `order ${i + 1}`).toBe(201);
    }
    const before = await everything();

    const refused = await postOrder(
      t,
      a.restaurant.slug,
      { table_id: a.table._id, items: [line(a.product._id)] },
      { remoteAddress: address },
    );
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: "Juda ko'p buyurtma yuborildi. Iltimos, 10 daqiqadan so'ng qayta urinib ko'ring.",
    });
    expect(await everything()).toBe(before);

    // A retry of an order already made is answered again (it is not a new order), even from the limited address.
    const replay = await postOrder(
      t,
      a.restaurant.slug,
      { table_id: a.table._id, items: [line(a.product._id)] },
      { key: keys[0]!, remoteAddress: address },
    );
    expect(replay.statusCode).toBe(200);
    expect(await everything()).toBe(before);

    const elsewhere = await postOrder(t, a.restaurant.slug, { table_id: a.table._id, items: [line(a.product._id)] });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('does not count a replayed Idempotency-Key', async () => {
    const s = await manyTables(3);
    const address = freshAddress();
    const body = s.body();
    const key = randomUUID();
    for (let i = 0; i < 15; i++) {
      const res = await postOrder(t, s.restaurant.slug, body, { key, remoteAddress: address });
      expect(res.statusCode).toBe(i === 0 ? 201 : 200);
    }
    for (let i = 0; i < ORDER_LIMITS.perAddress - 1; i++)
      expect((await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address })).statusCode).toBe(201);
    expect((await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address })).statusCode).toBe(429);
  });
});

describe('calls per client address', () => {
  it('takes 120 calls from one address in 10 minutes, then 429 with Retry-After, creating nothing', async () => {
    expect(CALL_LIMITS.perAddress).toBe(120);
    // Each table may call the waiter and ask for the bill once a minute: half as many tables as calls.
    const { tables, ...s } = await manyTables(CALL_LIMITS.perAddress / 2);
    const address = freshAddress();
    for (const table of tables)
      for (const type of ['waiter', 'bill'])
        expect((await postCall(t, s.restaurant.slug, { table_id: table._id, type }, address)).statusCode).toBe(201);
    const fresh = await createTable(t.db, s.restaurant._id);
    const before = await everything();
    const refused = await postCall(t, s.restaurant.slug, { table_id: fresh._id, type: 'waiter' }, address);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.json().message).toBe(
      "Juda ko'p chaqiruv yuborildi. Iltimos, 10 daqiqadan so'ng qayta urinib ko'ring.",
    );
    expect(await everything()).toBe(before);
    expect((await postCall(t, s.restaurant.slug, { table_id: fresh._id, type: 'waiter' })).statusCode).toBe(201);
  });

  it('keeps the order and call limits apart', async () => {
    const s = await manyTables(3);
    const address = freshAddress();
    for (let i = 0; i < ORDER_LIMITS.perAddress; i++)
      expect((await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address })).statusCode).toBe(201);
    expect((await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: address })).statusCode).toBe(429);
    expect((await postCall(t, s.restaurant.slug, { table_id: s.table._id, type: 'bill' }, address)).statusCode).toBe(
      201,
    );
  });
});

describe('orders per table', () => {
  it('takes 30 orders a table per hour whoever sends them, then 429 saying when the oldest leaves the hour', async () => {
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, 1, 50);
    await pastOrders(s.restaurant._id, s.table._id, 28, 5);
    const body = { table_id: s.table._id, items: [line(s.product._id)] };
    expect((await postOrder(t, s.restaurant.slug, body)).statusCode).toBe(201);
    const before = await everything();

    const refused = await postOrder(t, s.restaurant.slug, body);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    // The oldest (50 minutes ago) leaves the hour in about 10 minutes.
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message:
        "Bu stoldan juda ko'p buyurtma berildi. Iltimos, 10 daqiqadan so'ng qayta urinib ko'ring yoki ofitsiantni chaqiring.",
    });
    expect(await everything()).toBe(before);

    // Another table of the restaurant is not limited; a call from the full table is not either.
    const other = await createTable(t.db, s.restaurant._id);
    expect((await postOrder(t, s.restaurant.slug, { ...body, table_id: other._id })).statusCode).toBe(201);
    expect((await postCall(t, s.restaurant.slug, { table_id: s.table._id, type: 'waiter' })).statusCode).toBe(201);

    // Once the oldest has left the hour, the table orders again.
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '61 minutes'` as unknown as string })
      .where(sql`${orders.table_id} = ${s.table._id} and ${orders.createdAt} < now() - interval '40 minutes'`);
    expect((await postOrder(t, s.restaurant.slug, body)).statusCode).toBe(201);
  });

  it('says the wait in seconds when the oldest leaves the hour within a minute', async () => {
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, 30, 59.5);
    const refused = await postOrder(t, s.restaurant.slug, { table_id: s.table._id, items: [line(s.product._id)] });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(30);
    expect(refused.json().message).toBe(
      `Bu stoldan juda ko'p buyurtma berildi. Iltimos, ${wait} soniyadan so'ng qayta urinib ko'ring yoki ofitsiantni chaqiring.`,
    );
  });

  it('does not count orders older than an hour', async () => {
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, 40, 61);
    expect(
      (await postOrder(t, s.restaurant.slug, { table_id: s.table._id, items: [line(s.product._id)] })).statusCode,
    ).toBe(201);
  });

  it('lets exactly one of two orders at once take the table’s last place', async () => {
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, 29, 5);
    const body = { table_id: s.table._id, items: [line(s.product._id)] };
    const answers = await Promise.all([postOrder(t, s.restaurant.slug, body), postOrder(t, s.restaurant.slug, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429]);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.table_id, s.table._id));
    expect(count!.n).toBe(30);
  });
});
