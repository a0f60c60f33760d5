import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  orderCounters,
  orders,
  restaurants,
  restaurantTables,
  staffEvents,
  telegramOutbox,
} from '../../server/db/schema';
import { batchedOrderStatements } from '../../server/domain/orders/order-statements';
import { OrderingReads } from '../../server/domain/orders/ordering-reads';
import { createOrders } from '../../server/repositories/order-placing';
import { runInRequest } from '../../server/request-context';
import { setupTenants } from '../support/tenants';
import { createTable, heard, orderingRestaurant, placingOrder } from './orders-fixtures';

const t = setupTenants();

/**
 * Diners' orders placed at the same moment share one statement (repositories/order-placing.ts `createOrders`): each
 * still takes its own table's turn, its restaurant's next number and its own rows, and an order refused at its turn
 * leaves only itself out.
 */

async function counterOf(restaurantId: string) {
  const [row] = await t.db.select().from(orderCounters).where(eq(orderCounters.restaurant_id, restaurantId));
  return row?.last_number;
}

describe('orders that share a statement', () => {
  it('numbers each restaurant’s orders in the batch’s order, after the numbers already taken', async () => {
    const a = await orderingRestaurant(t);
    const b = await orderingRestaurant(t);
    expect(heard(await createOrders(t.db, [placingOrder(a)]))).toEqual(['№1']);
    const outcomes = await createOrders(t.db, [
      placingOrder(a),
      placingOrder(b),
      placingOrder(a),
      placingOrder(b),
      placingOrder(a),
    ]);
    expect(heard(outcomes)).toEqual(['№2', '№1', '№3', '№2', '№4']);
    expect(await counterOf(a.restaurant._id)).toBe(4);
    expect(await counterOf(b.restaurant._id)).toBe(2);
    // Every order is its own row, with its own staff event that carries its number.
    const ids = outcomes.map((outcome) => (outcome.kind === 'created' ? outcome.order._id : ''));
    const rows = await t.db.select({ id: orders._id }).from(orders).where(inArray(orders._id, ids));
    expect(rows).toHaveLength(5);
    const events = await t.db
      .select({ data: staffEvents.data })
      .from(staffEvents)
      .where(inArray(staffEvents.restaurant_id, [a.restaurant._id, b.restaurant._id]))
      .orderBy(asc(staffEvents.id));
    expect(events.map((event) => (event.data as { number: number }).number).sort()).toEqual([1, 1, 2, 2, 3, 4]);
  });

  it('makes one order of a key sent twice in the batch, and spends no number on the second', async () => {
    const s = await orderingRestaurant(t);
    const key = randomUUID();
    const outcomes = await createOrders(t.db, [placingOrder(s, { key }), placingOrder(s, { key }), placingOrder(s)]);
    expect(heard(outcomes)).toEqual(['№1', 'key taken', '№2']);
    expect(await counterOf(s.restaurant._id)).toBe(2);
    // The same key from another table is another diner's order.
    const other = await createTable(t.db, s.restaurant._id);
    expect(heard(await createOrders(t.db, [placingOrder(s, { key }), placingOrder(s, { key, table: other })]))).toEqual(
      ['key taken', '№3'],
    );
  });

  it('lets a key’s order through when the batch’s earlier order of that key named an old QR code', async () => {
    const s = await orderingRestaurant(t);
    const key = randomUUID();
    const stale = { ...s.table, token: 'a-token-replaced-since' };
    const outcomes = await createOrders(t.db, [placingOrder(s, { key, table: stale }), placingOrder(s, { key })]);
    expect(heard(outcomes)).toEqual(['table gone', '№1']);
  });

  it('leaves out only the order of a table gone since it was read', async () => {
    const s = await orderingRestaurant(t);
    const gone = await createTable(t.db, s.restaurant._id);
    await t.db.update(restaurantTables).set({ is_active: false }).where(eq(restaurantTables._id, gone._id));
    const outcomes = await createOrders(t.db, [placingOrder(s), placingOrder(s, { table: gone }), placingOrder(s)]);
    expect(heard(outcomes)).toEqual(['№1', 'table gone', '№2']);
    const rows = await t.db.select().from(orders).where(eq(orders.restaurant_id, s.restaurant._id));
    expect(rows).toHaveLength(2);
  });

  it('counts the orders before it in the batch toward its table’s threshold, and only its own table’s', async () => {
    const s = await orderingRestaurant(t);
    const other = await createTable(t.db, s.restaurant._id);
    expect(heard(await createOrders(t.db, [placingOrder(s, { perTable: 2 })]))).toEqual(['№1']);
    const outcomes = await createOrders(t.db, [
      placingOrder(s, { perTable: 2 }),
      placingOrder(s, { perTable: 2, table: other }),
      placingOrder(s, { perTable: 2 }),
      placingOrder(s, { perTable: 2, table: other }),
    ]);
    expect(heard(outcomes)).toEqual(['№2', '№3', '№4?', '№5']);
    // A refused order does not count: its table's next one is still within the threshold.
    const third = await createTable(t.db, s.restaurant._id);
    const key = randomUUID();
    await createOrders(t.db, [placingOrder(s, { table: third, key, perTable: 2 })]);
    expect(
      heard(
        await createOrders(t.db, [
          placingOrder(s, { table: third, key, perTable: 2 }),
          placingOrder(s, { table: third, perTable: 2 }),
        ]),
      ),
    ).toEqual(['key taken', '№7']);
  });

  it('queues each order’s Telegram message with the request that made it', async () => {
    const s = await orderingRestaurant(t);
    await t.db
      .update(restaurants)
      .set({ bot_token: '710000001:AAtest', channel_id: '-1001' })
      .where(eq(restaurants._id, s.restaurant._id));
    const plain = await orderingRestaurant(t);
    const outcomes = await createOrders(t.db, [
      placingOrder(s, { request_id: 'request-one' }),
      placingOrder(plain, { request_id: 'request-two' }),
      placingOrder(s, { request_id: 'request-three' }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind === 'created' && outcome.telegramQueued)).toEqual([
      true,
      false,
      true,
    ]);
    const queued = await t.db
      .select({ order_id: telegramOutbox.order_id, request_id: telegramOutbox.request_id })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.restaurant_id, s.restaurant._id))
      .orderBy(asc(telegramOutbox.id));
    const ids = outcomes.map((outcome) => (outcome.kind === 'created' ? outcome.order._id : ''));
    expect(queued).toEqual([
      { order_id: ids[0], request_id: 'request-one' },
      { order_id: ids[2], request_id: 'request-three' },
    ]);
  });

  it('never deadlocks: batches naming the same tables in opposite orders, at once', async () => {
    const s = await orderingRestaurant(t);
    const other = await createTable(t.db, s.restaurant._id);
    const rounds = await Promise.all(
      Array.from({ length: 10 }, () =>
        Promise.all([
          createOrders(t.db, [placingOrder(s, { perTable: 1000 }), placingOrder(s, { table: other, perTable: 1000 })]),
          createOrders(t.db, [placingOrder(s, { table: other, perTable: 1000 }), placingOrder(s, { perTable: 1000 })]),
        ]),
      ),
    );
    const numbers = rounds.flat(2).map((outcome) => (outcome.kind === 'created' ? outcome.order.number : 0));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

describe('the order statements of a server', () => {
  it('wakes the outbox senders once its statement committed, and only when it queued a row', async () => {
    const s = await orderingRestaurant(t);
    const woken: string[] = [];
    const statements = batchedOrderStatements(
      t.db,
      { menuChanged: () => {}, outboxWritten: () => woken.push('outbox') },
      { reads: { inFlight: 1, maxItems: 10 }, writes: { inFlight: 1, maxItems: 10 } },
      new OrderingReads(),
    );
    const placed = await statements.write(placingOrder(s));
    expect(placed.kind).toBe('created');
    expect(woken).toEqual([]);
    await t.db
      .update(restaurants)
      .set({ bot_token: '710000001:AAtest', channel_id: '-1001' })
      .where(eq(restaurants._id, s.restaurant._id));
    const written = statements.write(placingOrder(s));
    expect(woken).toEqual([]);
    expect((await written).kind).toBe('created');
    expect(woken).toEqual(['outbox']);
  });

  it('writes the orders that gathered meanwhile in one statement, each outbox row naming its own request', async () => {
    const s = await orderingRestaurant(t);
    await t.db
      .update(restaurants)
      .set({ bot_token: '710000001:AAtest', channel_id: '-1001' })
      .where(eq(restaurants._id, s.restaurant._id));
    const statements = batchedOrderStatements(
      t.db,
      { menuChanged: () => {}, outboxWritten: () => {} },
      { reads: { inFlight: 1, maxItems: 10 }, writes: { inFlight: 1, maxItems: 10 } },
      new OrderingReads(),
    );
    // Each write as its request makes it: the request's id is what the request runs with, not given with the order.
    const asRequest = (id: string) =>
      runInRequest({ id, log: t.app.log }, () => statements.write({ ...placingOrder(s), request_id: undefined }));
    const first = asRequest('first');
    // A turn of the event loop later the first runs: the two that come while it runs wait and go together.
    await new Promise((resolve) => setImmediate(resolve));
    const placed = await Promise.all([first, ...['second', 'third'].map(asRequest)]);
    const orders = placed.map((outcome) => (outcome.kind === 'created' ? outcome.order : undefined)!);
    expect(orders.map((order) => order.number)).toEqual([1, 2, 3]);
    // The first went alone; the two went together (one statement: one transaction's time).
    expect(orders[1]!.createdAt).toBe(orders[2]!.createdAt);
    expect(orders[0]!.createdAt).not.toBe(orders[1]!.createdAt);
    const queued = await t.db
      .select({ order_id: telegramOutbox.order_id, request_id: telegramOutbox.request_id })
      .from(telegramOutbox)
      .where(eq(telegramOutbox.restaurant_id, s.restaurant._id))
      .orderBy(asc(telegramOutbox.id));
    expect(queued).toEqual([
      { order_id: orders[0]!._id, request_id: 'first' },
      { order_id: orders[1]!._id, request_id: 'second' },
      { order_id: orders[2]!._id, request_id: 'third' },
    ]);
  });
});
