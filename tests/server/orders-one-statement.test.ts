import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderCounters, orders, restaurantTables, staffEvents, telegramOutbox } from '../../server/db/schema';
import { createOrder, type NewOrder, OrderNotPlaced } from '../../server/repositories/order-placing';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant, pricedLine } from './orders-fixtures';

const t = setupTenants();

/**
 * A diner's order is one statement with its commit (repositories/order-placing.ts `createOrder`): it takes its table's
 * turn first (order_table_turn, migration 0027), and what the turn refuses writes nothing at all, not even a number.
 */

type Setup = Awaited<ReturnType<typeof orderingRestaurant>>;

const newOrder = (s: Setup, key: string, threshold = { perTable: 30, windowSeconds: 3600 }): NewOrder => ({
  restaurant_id: s.restaurant._id,
  table: { _id: s.table._id, name: s.table.name, token: s.table.token },
  items: [pricedLine(s.product._id)],
  total: 25000,
  comment: '',
  idempotency_key: key,
  device_id: 'phone',
  request_hash: 'hash',
  threshold,
});

/** Everything an order writes. */
async function written(restaurantId: string) {
  return JSON.stringify([
    await t.db.select().from(orders).where(eq(orders.restaurant_id, restaurantId)).orderBy(asc(orders._id)),
    await t.db.select().from(orderCounters).where(eq(orderCounters.restaurant_id, restaurantId)),
    await t.db.select().from(staffEvents).where(eq(staffEvents.restaurant_id, restaurantId)),
    await t.db.select().from(telegramOutbox),
  ]);
}

async function notPlaced(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OrderNotPlaced);
  return (error as OrderNotPlaced).reason;
}

describe('an order’s one statement', () => {
  it('spends no number on a key that made an order meanwhile: the next order takes the next number', async () => {
    const s = await orderingRestaurant(t);
    const key = randomUUID();
    const first = await createOrder(t.db, newOrder(s, key));
    expect(first.order.number).toBe(1);
    const before = await written(s.restaurant._id);
    expect(await notPlaced(createOrder(t.db, newOrder(s, key)))).toBe('key taken');
    expect(await written(s.restaurant._id)).toBe(before);
    expect((await createOrder(t.db, newOrder(s, randomUUID()))).order.number).toBe(2);
  });

  it('writes nothing for a table made inactive, or whose QR code was replaced, since the order read it', async () => {
    const s = await orderingRestaurant(t);
    const before = await written(s.restaurant._id);
    await t.db.update(restaurantTables).set({ is_active: false }).where(eq(restaurantTables._id, s.table._id));
    expect(await notPlaced(createOrder(t.db, newOrder(s, randomUUID())))).toBe('table gone');
    await t.db
      .update(restaurantTables)
      .set({ is_active: true, token: randomUUID().replaceAll('-', '') })
      .where(eq(restaurantTables._id, s.table._id));
    expect(await notPlaced(createOrder(t.db, newOrder(s, randomUUID())))).toBe('table gone');
    expect(await written(s.restaurant._id)).toBe(before);
  });

  it('counts the table’s orders of the window at its turn: past the threshold it waits for the staff', async () => {
    const s = await orderingRestaurant(t);
    const threshold = { perTable: 2, windowSeconds: 3600 };
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await createOrder(t.db, newOrder(s, randomUUID(), threshold))).order);
    expect(placed.map((o) => o.needs_confirmation)).toEqual([false, false, true]);
    // The staff event says so too: the panel shows it waiting.
    const events = await t.db.select().from(staffEvents).where(eq(staffEvents.restaurant_id, s.restaurant._id));
    expect(events.map((e) => (e.data as { needs_confirmation: boolean }).needs_confirmation)).toEqual([
      false,
      false,
      true,
    ]);
  });
});
