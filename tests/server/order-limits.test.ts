import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, orderCounters, orders, staffEvents } from '../../server/db/schema';
import { CALL_LIMITS, ORDER_LIMITS } from '../../server/routes/menu/table-limits';
import { setupTenants } from '../support/tenants';
import {
  createTable,
  freshAddress,
  line,
  manyTables,
  orderingRestaurant,
  postCall,
  postOrder,
} from './orders-fixtures';

let devices = 0;
/** A device id no other request of the file used. */
const freshDevice = () => `device-${String(++devices).padStart(6, '0')}`;

/**
 * The abuse limits on the diner's calls: per device and per client address (in memory per process) a 429 in Uzbek
 * that says how long to wait, sends Retry-After and creates nothing; per table (counted in the database whoever sends
 * them) no refusal at all: past the threshold an order is created waiting for staff confirmation. A flood over a
 * table's token never locks the next real diner out, and a full hall behind one guest Wi-Fi address is all accepted.
 */

const t = setupTenants();

const everything = async () =>
  JSON.stringify([
    await t.db.select().from(orders).orderBy(asc(orders._id)),
    await t.db.select().from(orderCounters).orderBy(asc(orderCounters.restaurant_id)),
    await t.db.select().from(calls).orderBy(asc(calls._id)),
    await t.db.select().from(staffEvents).orderBy(asc(staffEvents.id)),
  ]);

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

describe('orders per device and per client address', () => {
  it('takes 15 orders from one device in 10 minutes, then 429 with Retry-After; another phone at that address goes on', async () => {
    expect(ORDER_LIMITS.perDevice).toBe(15);
    const s = await manyTables(t, 3);
    const address = freshAddress();
    const device = freshDevice();
    const keys: string[] = [];
    for (let i = 0; i < ORDER_LIMITS.perDevice; i++) {
      const key = randomUUID();
      keys.push(key);
      const res = await postOrder(t, s.restaurant.slug, s.body(), { key, remoteAddress: address, device });
      expect(res.statusCode, `order ${i + 1}`).toBe(201);
    }
    const before = await everything();
    const refused = await postOrder(t, s.restaurant.slug, s.body(), { remoteAddress: freshAddress(), device });
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
    // Refused before the request is looked at: an unknown restaurant or table is a 429 too, not a 404 (each a
    // database read for a request refused anyway).
    const unknownRestaurant = await postOrder(t, 'no-such-restaurant', s.body(), {
      remoteAddress: freshAddress(),
      device,
    });
    expect(unknownRestaurant.statusCode).toBe(429);
    const unknownTable = { table_id: 'f'.repeat(32), items: [line(s.product._id)] };
    expect(
      (await postOrder(t, s.restaurant.slug, unknownTable, { remoteAddress: freshAddress(), device })).statusCode,
    ).toBe(429);

    // A retry of an order already made is answered again (it is not a new order), even from the limited device.
    const first = await postOrder(
      t,
      s.restaurant.slug,
      { table_id: s.tables[0]!.token, items: [line(s.product._id)] },
      {
        key: keys[0]!,
        remoteAddress: address,
        device,
      },
    );
    expect(first.statusCode).toBe(200);
    expect(await everything()).toBe(before);

    const neighbour = await postOrder(t, s.restaurant.slug, s.body(), {
      remoteAddress: address,
      device: freshDevice(),
    });
    expect(neighbour.statusCode).toBe(201);
  });
});

describe('calls per device', () => {
  it('takes 30 calls from one device in 10 minutes, then 429 with Retry-After, creating nothing', async () => {
    expect(CALL_LIMITS.perDevice).toBe(30);
    // Each table may call the waiter and ask for the bill once a minute: half as many tables as calls.
    const { tables, ...s } = await manyTables(t, CALL_LIMITS.perDevice / 2);
    const device = freshDevice();
    for (const table of tables)
      for (const type of ['waiter', 'bill'])
        expect(
          (await postCall(t, s.restaurant.slug, { table_id: table.token, type }, freshAddress(), device)).statusCode,
        ).toBe(201);
    const fresh = await createTable(t.db, s.restaurant._id);
    const before = await everything();
    const refused = await postCall(
      t,
      s.restaurant.slug,
      { table_id: fresh.token, type: 'waiter' },
      freshAddress(),
      device,
    );
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.json().message).toBe(
      "Juda ko'p chaqiruv yuborildi. Iltimos, 10 daqiqadan so'ng qayta urinib ko'ring.",
    );
    expect(await everything()).toBe(before);
    // Refused before the restaurant is read: an unknown one is a 429 too, not a 404.
    expect(
      (await postCall(t, 'no-such-restaurant', { table_id: fresh.token, type: 'waiter' }, freshAddress(), device))
        .statusCode,
    ).toBe(429);
    expect(
      (await postCall(t, s.restaurant.slug, { table_id: fresh.token, type: 'waiter' }, freshAddress(), freshDevice()))
        .statusCode,
    ).toBe(201);
  });
});

describe('orders per table: past the threshold they wait for staff confirmation', () => {
  it('creates the 11th order of a table within the hour flagged, shows it to the diner and the staff, and accepting confirms it', async () => {
    expect(ORDER_LIMITS.perTable).toBe(10);
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, 1, 50);
    await pastOrders(s.restaurant._id, s.table._id, 8, 5);
    const body = { table_id: s.table.token, items: [line(s.product._id)] };
    const tenth = await postOrder(t, s.restaurant.slug, body);
    expect(tenth.statusCode).toBe(201);
    expect(tenth.json().data.needs_confirmation).toBe(false);

    const eleventh = await postOrder(t, s.restaurant.slug, body);
    expect(eleventh.statusCode).toBe(201);
    const order = eleventh.json().data;
    expect(order.needs_confirmation).toBe(true);
    expect(order.status).toBe('new');
    const seen = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/orders/${order._id}` });
    expect(seen.json().data.needs_confirmation).toBe(true);
    const staff = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
    const listed = staff.json().data.find((o: { _id: string }) => o._id === order._id);
    expect(listed.needs_confirmation).toBe(true);
    expect(staff.json().data.find((o: { _id: string }) => o._id === tenth.json().data._id).needs_confirmation).toBe(
      false,
    );

    const accepted = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${order._id}`,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.needs_confirmation).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/orders/${order._id}` });
    expect(after.json().data).toMatchObject({ status: 'accepted', needs_confirmation: false });

    // Another table of the restaurant is not flagged; once the hour has passed, neither is this one.
    const other = await createTable(t.db, s.restaurant._id);
    const elsewhere = await postOrder(t, s.restaurant.slug, { ...body, table_id: other.token });
    expect(elsewhere.json().data.needs_confirmation).toBe(false);
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '61 minutes'` as unknown as string })
      .where(eq(orders.table_id, s.table._id));
    expect((await postOrder(t, s.restaurant.slug, body)).json().data.needs_confirmation).toBe(false);
  });

  it('survives a flood over a table’s token and over guessed ids: the next real diner still orders', async () => {
    const s = await orderingRestaurant(t);
    const other = await createTable(t.db, s.restaurant._id, { name: '6' });
    const items = [line(s.product._id)];
    // 250 orders over the token from rotating addresses and devices (every one its own phone).
    const flood = [];
    for (let i = 0; i < 250; i++)
      flood.push(
        (
          await postOrder(
            t,
            s.restaurant.slug,
            { table_id: s.table.token, items },
            {
              remoteAddress: freshAddress(),
              device: freshDevice(),
            },
          )
        ).statusCode,
      );
    expect(flood.every((code) => code === 201)).toBe(true);
    // 150 more over guessed ids: the tables' own ids and random UUIDs and texts are no tokens.
    const guessed = [
      other._id,
      s.table._id,
      ...Array.from({ length: 148 }, (_, i) => (i % 2 ? randomUUID() : randomUUID().replaceAll('-', ''))),
    ];
    const before = await everything();
    for (const table_id of guessed) {
      const res = await postOrder(t, s.restaurant.slug, { table_id, items }, { remoteAddress: freshAddress() });
      expect(res.statusCode).toBe(404);
    }
    expect(await everything()).toBe(before);

    const [flagged] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.table_id} = ${s.table._id} and ${orders.needs_confirmation}`);
    expect(flagged!.n).toBe(250 - ORDER_LIMITS.perTable);

    // The real diner at the flooded table: accepted (waiting for the staff's confirmation), never a 429.
    const diner = await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items }, { device: freshDevice() });
    expect(diner.statusCode).toBe(201);
    expect(diner.json().data.needs_confirmation).toBe(true);
    // The diner at the next table is not touched at all.
    const neighbour = await postOrder(
      t,
      s.restaurant.slug,
      { table_id: other.token, items },
      { device: freshDevice() },
    );
    expect(neighbour.statusCode).toBe(201);
    expect(neighbour.json().data.needs_confirmation).toBe(false);
  }, 120_000);

  it('flags exactly one of two orders at once past the table’s last unflagged place', async () => {
    const s = await orderingRestaurant(t);
    await pastOrders(s.restaurant._id, s.table._id, ORDER_LIMITS.perTable - 1, 5);
    const body = { table_id: s.table.token, items: [line(s.product._id)] };
    const answers = await Promise.all([postOrder(t, s.restaurant.slug, body), postOrder(t, s.restaurant.slug, body)]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(answers.map((res) => res.json().data.needs_confirmation).sort()).toEqual([false, true]);
  });
});
