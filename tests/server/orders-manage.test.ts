import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { calls, type OrderStatus, orders, staffEvents } from '../../server/db/schema';
import { createRestaurant, createUser } from '../support/fixtures';
import { type Caller, setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postOrder } from './orders-fixtures';

/**
 * The staff's side of orders: GET /manager/orders (newest first, filter, pages, count) and
 * PUT /manager/orders/{id} (new → accepted → served, new | accepted → cancelled, anything else 409), each change with
 * its `order.updated` staff event written in the same transaction, and the API's authorization matrix.
 */

const t = setupTenants();

const WORDS: Record<OrderStatus, string> = {
  new: 'yangi',
  accepted: 'qabul qilingan',
  served: 'berilgan',
  cancelled: 'bekor qilingan',
};
const refusal = (current: OrderStatus, to: OrderStatus) =>
  `Buyurtma hozir "${WORDS[current]}": uni "${WORDS[to]}" holatiga o'tkazib bo'lmaydi.`;

/** A real order of a fresh ordering restaurant of the owner, made by a diner through the API. */
async function placeOrder(setup?: Awaited<ReturnType<typeof orderingRestaurant>>) {
  const s = setup ?? (await orderingRestaurant(t));
  const res = await postOrder(t, s.restaurant.slug, {
    table_id: s.table.token,
    items: [{ product_id: s.product._id, quantity: 2 }],
    comment: 'Tezroq',
  });
  expect(res.statusCode).toBe(201);
  return { ...s, order: res.json().data as { _id: string; number: number; status: OrderStatus } };
}

let keys = 0;
/** An order row written straight in, with the creation time and status a list test needs. */
async function insertOrder(restaurantId: string, tableId: string, createdAt: string, status: OrderStatus = 'new') {
  const [row] = await t.db
    .insert(orders)
    .values({
      restaurant_id: restaurantId,
      table_id: tableId,
      table_name: '5',
      number: ++keys,
      business_date: '2026-11-26',
      status,
      items: [],
      total: 1000,
      idempotency_key: `k${keys}`,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}

const setStatus = (caller: Caller, id: string, status: unknown) =>
  t.call(caller, { method: 'PUT', url: `/manager/orders/${id}`, payload: { status } });
const list = (caller: Caller, query: string) => t.call(caller, { method: 'GET', url: `/manager/orders?${query}` });

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders._id, id)))[0]!;
const eventsOf = (orderId: string) =>
  t.db.select().from(staffEvents).where(sql`${staffEvents.data}->>'_id' = ${orderId}`).orderBy(asc(staffEvents.id));
/** Orders, calls and staff events: a refused call must leave all of them as they were. */
const everything = async () =>
  JSON.stringify([
    await t.db.select().from(orders).orderBy(asc(orders._id)),
    await t.db.select().from(calls).orderBy(asc(calls._id)),
    await t.db.select().from(staffEvents).orderBy(asc(staffEvents.id)),
  ]);

describe('GET /manager/orders', () => {
  it('answers the waiting orders first, the longest-waiting on top, then the rest newest first; paged, with the count of all', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    // An order still "Yangi" from 09:00 must not sit below newer accepted ones: a waiter looks for it first.
    const made = [
      await insertOrder(restaurant._id, table._id, '2026-11-26T10:00:00.000Z', 'new'),
      await insertOrder(restaurant._id, table._id, '2026-11-26T12:00:00.000Z', 'accepted'),
      await insertOrder(restaurant._id, table._id, '2026-11-26T09:00:00.000Z', 'new'),
      await insertOrder(restaurant._id, table._id, '2026-11-26T11:00:00.000Z', 'served'),
      await insertOrder(restaurant._id, table._id, '2026-11-26T08:00:00.000Z', 'cancelled'),
    ];
    const [ten, twelve, nine, eleven, eight] = made.map((row) => row._id);
    const expected = [nine, ten, twelve, eleven, eight];

    const all = await list('owner', `restaurant_id=${restaurant._id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(5);
    expect(all.json().data.map((row: { _id: string }) => row._id)).toEqual(expected);
    expect(all.json().data[0]).toEqual({
      _id: made[2]!._id,
      number: made[2]!.number,
      status: 'new',
      table: { _id: table._id, name: '5' },
      items: [],
      total: 1000,
      comment: '',
      needs_confirmation: false,
      service_percent: 0,
      service: 0,
      payment_status: 'unpaid',
      kitchen_status: 'new',
      print: null,
      payment: null,
      pos: null,
      createdAt: '2026-11-26T09:00:00.000Z',
      restaurant_id: restaurant._id,
      updatedAt: '2026-11-26T09:00:00.000Z',
      status_changed_by: null,
      telegram_error: null,
    });

    const page1 = await list('owner', `restaurant_id=${restaurant._id}&limit=2`);
    const page2 = await list('owner', `restaurant_id=${restaurant._id}&limit=2&page=2`);
    const page3 = await list('owner', `restaurant_id=${restaurant._id}&limit=2&page=3`);
    const page9 = await list('owner', `restaurant_id=${restaurant._id}&limit=2&page=9`);
    const ids = (res: typeof page1) => res.json().data.map((row: { _id: string }) => row._id);
    expect([...ids(page1), ...ids(page2), ...ids(page3)]).toEqual(expected);
    expect(ids(page1)).toHaveLength(2);
    expect(ids(page9)).toEqual([]);
    for (const page of [page1, page2, page3, page9]) expect(page.json().count).toBe(5);
  });

  it('defaults to 20 a page and allows at most 100', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    for (let i = 0; i < 21; i++)
      await insertOrder(restaurant._id, table._id, `2026-11-26T10:${String(i).padStart(2, '0')}:00.000Z`);
    const first = await list('owner', `restaurant_id=${restaurant._id}`);
    expect(first.json().data).toHaveLength(20);
    expect(first.json().count).toBe(21);
    expect((await list('owner', `restaurant_id=${restaurant._id}&limit=100`)).json().data).toHaveLength(21);
    const r = `restaurant_id=${restaurant._id}`;
    for (const bad of [
      `${r}&limit=101`,
      `${r}&limit=0`,
      `${r}&page=0`,
      `${r}&page=x`,
      `${r}&status=done`,
      'restaurant_id=abc',
      `${r}&extra=1`,
    ]) {
      const res = await list('owner', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/maydoni/);
    }
  });

  it('filters by status, counting only those', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const fresh = await insertOrder(restaurant._id, table._id, '2026-11-26T10:00:00.000Z', 'new');
    const accepted = await insertOrder(restaurant._id, table._id, '2026-11-26T10:01:00.000Z', 'accepted');
    const served = await insertOrder(restaurant._id, table._id, '2026-11-26T10:02:00.000Z', 'served');
    const cancelled = await insertOrder(restaurant._id, table._id, '2026-11-26T10:03:00.000Z', 'cancelled');
    const accepted2 = await insertOrder(restaurant._id, table._id, '2026-11-26T10:04:00.000Z', 'accepted');
    const expected: [OrderStatus, string[]][] = [
      ['new', [fresh._id]],
      ['accepted', [accepted2._id, accepted._id]],
      ['served', [served._id]],
      ['cancelled', [cancelled._id]],
    ];
    for (const [status, ids] of expected) {
      const res = await list('admin', `restaurant_id=${restaurant._id}&status=${status}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((row: { _id: string }) => row._id)).toEqual(ids);
      expect(res.json().count).toBe(ids.length);
    }
  });

  it('gives a manager without restaurant_id all of their restaurants’ orders and nobody else’s; an admin must name one', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const a = await createRestaurant(t.db, { manager_id: manager._id, ordering_enabled: true });
    const b = await createRestaurant(t.db, { manager_id: manager._id, ordering_enabled: true });
    const elsewhere = await orderingRestaurant(t);
    const inA = await insertOrder(a._id, (await createTable(t.db, a._id))._id, '2026-11-26T10:00:00.000Z', 'accepted');
    const inB = await insertOrder(b._id, (await createTable(t.db, b._id))._id, '2026-11-26T11:00:00.000Z', 'accepted');
    await insertOrder(elsewhere.restaurant._id, elsewhere.table._id, '2026-11-26T12:00:00.000Z');

    const mine = await t.app.inject({ method: 'GET', url: '/manager/orders', headers: manager.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((row: { _id: string }) => row._id)).toEqual([inB._id, inA._id]);
    expect(mine.json().count).toBe(2);
    const other = await list('other', '');
    expect(other.json()).toEqual({ data: [], count: 0 });

    const admin = await list('admin', '');
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe('"restaurant_id" maydoni majburiy.');
  });
});

describe('PUT /manager/orders/{id}: transitions', () => {
  const allowed: [OrderStatus[], OrderStatus][] = [
    [[], 'accepted'],
    [['accepted'], 'served'],
    [[], 'cancelled'],
    [['accepted'], 'cancelled'],
  ];
  for (const [path, to] of allowed) {
    const from = path.at(-1) ?? 'new';
    it(`moves ${from} → ${to}, names who did it, and records order.updated in the same transaction`, async () => {
      const { order, restaurant } = await placeOrder();
      for (const step of path) expect((await setStatus('admin', order._id, step)).statusCode).toBe(200);
      const before = await orderRow(order._id);
      const eventsBefore = await eventsOf(order._id);

      const res = await setStatus('owner', order._id, to);

      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ _id: order._id, status: to, status_changed_by: t.owner.login });
      const after = await orderRow(order._id);
      expect(after.status).toBe(to);
      expect(after.status_changed_by).toBe(t.owner.login);
      expect(after.updatedAt > before.updatedAt).toBe(true);
      expect(data.updatedAt).toBe(after.updatedAt);
      const events = await eventsOf(order._id);
      expect(events).toHaveLength(eventsBefore.length + 1);
      const event = events.at(-1)!;
      expect(event).toMatchObject({ type: 'order.updated', restaurant_id: restaurant._id });
      expect(event.data).toEqual(data);
      // The diner's status page sees it.
      const diner = await t.app.inject({ method: 'GET', url: `/menu/${restaurant.slug}/orders/${order._id}` });
      expect(diner.json().data.status).toBe(to);
    });
  }

  const refused: [OrderStatus[], OrderStatus][] = [
    [[], 'new'],
    [[], 'served'],
    [['accepted'], 'accepted'],
    [['accepted'], 'new'],
    ...(['new', 'accepted', 'served', 'cancelled'] as const).map((to): [OrderStatus[], OrderStatus] => [
      ['accepted', 'served'],
      to,
    ]),
    ...(['new', 'accepted', 'served', 'cancelled'] as const).map((to): [OrderStatus[], OrderStatus] => [
      ['cancelled'],
      to,
    ]),
  ];
  for (const [path, to] of refused) {
    const from = path.at(-1) ?? 'new';
    it(`refuses ${from} → ${to} with 409 naming the current status, and changes nothing`, async () => {
      const { order } = await placeOrder();
      for (const step of path) expect((await setStatus('admin', order._id, step)).statusCode).toBe(200);
      const before = await everything();
      const res = await setStatus('owner', order._id, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: refusal(from, to) });
      expect(await everything()).toBe(before);
    });
  }

  it('records the admin’s login when the admin changes it', async () => {
    const { order } = await placeOrder();
    const res = await setStatus('admin', order._id, 'accepted');
    expect(res.json().data.status_changed_by).toBe(t.admin.login);
    expect((await orderRow(order._id)).status_changed_by).toBe(t.admin.login);
    expect((await eventsOf(order._id)).map((e) => e.type)).toEqual(['order.created', 'order.updated']);
  });

  it('lets only one of two staff accepting at once win: the other gets the 409, one event', async () => {
    const { order } = await placeOrder();
    const answers = await Promise.all([
      setStatus('owner', order._id, 'accepted'),
      setStatus('admin', order._id, 'accepted'),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().message).toBe(refusal('accepted', 'accepted'));
    expect((await eventsOf(order._id)).map((e) => e.type)).toEqual(['order.created', 'order.updated']);
  });

  it('rolls the status change back when its staff event cannot be written (one transaction)', async () => {
    const { order, restaurant } = await placeOrder();
    const before = await everything();
    // A real failure inside the same transaction: the staff event's insert is refused for this restaurant only.
    await t.db.execute(
      sql.raw(`create or replace function refuse_event() returns trigger language plpgsql as $$
        begin if new.restaurant_id = '${restaurant._id}' then raise exception 'no events'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_event before insert on staff_events for each row execute function refuse_event()'),
    );
    try {
      const res = await setStatus('owner', order._id, 'accepted');
      expect(res.statusCode).toBe(500);
      expect(await everything()).toBe(before);
      expect((await orderRow(order._id)).status).toBe('new');
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_event on staff_events'));
    }
    expect((await setStatus('owner', order._id, 'accepted')).statusCode).toBe(200);
  });

  it('answers 400 for a status that is not one, an extra field or a malformed id; 404 for an unknown id', async () => {
    const { order } = await placeOrder();
    const before = await everything();
    for (const payload of [{ status: 'done' }, { status: 'ACCEPTED' }, {}, { status: 'accepted', by: 'x' }]) {
      const res = await t.call('owner', { method: 'PUT', url: `/manager/orders/${order._id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/^"(status|by)" maydoni/);
    }
    expect((await setStatus('owner', 'not-a-uuid', 'accepted')).statusCode).toBe(400);
    const unknown = await setStatus('owner', randomUUID(), 'accepted');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Buyurtma topilmadi.');
    expect(await everything()).toBe(before);
  });

  it('still lists and changes an order whose table was deleted (table _id null, its name kept)', async () => {
    const s = await orderingRestaurant(t);
    const table = await createTable(t.db, s.restaurant._id, { name: 'Ayvon' });
    const { order } = await placeOrder({ ...s, table });
    const del = await t.call('owner', { method: 'DELETE', url: `/manager/tables/${table._id}` });
    expect(del.statusCode).toBe(200);
    const res = await setStatus('owner', order._id, 'accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.table).toEqual({ _id: null, name: 'Ayvon' });
    const listed = await list('owner', `restaurant_id=${s.restaurant._id}`);
    expect(listed.json().data[0].table).toEqual({ _id: null, name: 'Ayvon' });
  });
});

describe('authorization matrix: staff order calls', () => {
  const cases: { name: string; make: () => Promise<InjectOptions>; ok: number; message: string }[] = [
    {
      name: 'GET /manager/orders',
      ok: 200,
      message: 'Restoran topilmadi.',
      make: async () => ({
        method: 'GET',
        url: `/manager/orders?restaurant_id=${(await placeOrder()).restaurant._id}`,
      }),
    },
    {
      name: 'PUT /manager/orders/:id',
      ok: 200,
      message: 'Buyurtma topilmadi.',
      make: async () => ({
        method: 'PUT',
        url: `/manager/orders/${(await placeOrder()).order._id}`,
        payload: { status: 'accepted' },
      }),
    },
  ];
  for (const { name, make, ok, message } of cases) {
    const matrix: [Caller, number][] = [
      ['anonymous', 401],
      ['other', 404],
      ['admin', ok],
      ['owner', ok],
    ];
    for (const [caller, status] of matrix) {
      it(`${name} as ${caller} answers ${status}${status >= 400 ? ' and changes nothing' : ''}`, async () => {
        const request = await make();
        const before = await everything();
        const res = await t.call(caller, request);
        expect(res.statusCode).toBe(status);
        if (status >= 400) {
          expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String) });
          if (caller === 'other') expect(res.json().message).toBe(message);
          expect(await everything()).toBe(before);
        } else if (name.startsWith('GET')) {
          expect(res.json().count).toBe(1);
          expect(await everything()).toBe(before);
        } else {
          expect(res.json().data.status).toBe('accepted');
          expect(await everything()).not.toBe(before);
        }
      });
    }
  }

  it('refuses a deactivated manager (401) even for their own restaurant’s orders, and changes nothing', async () => {
    const gone = await createUser(t.app, t.db, 'manager', { is_active: false });
    const r = await createRestaurant(t.db, { manager_id: gone._id, ordering_enabled: true });
    const table = await createTable(t.db, r._id);
    const order = await insertOrder(r._id, table._id, '2026-11-26T10:00:00.000Z');
    const before = await everything();
    for (const request of [
      { method: 'GET', url: `/manager/orders?restaurant_id=${r._id}` },
      { method: 'GET', url: '/manager/orders' },
      { method: 'PUT', url: `/manager/orders/${order._id}`, payload: { status: 'accepted' } },
    ] as InjectOptions[]) {
      const res = await t.app.inject({ ...request, headers: gone.headers });
      expect(res.statusCode, request.url as string).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await everything()).toBe(before);
  });

  it('authenticates before validating: anonymous with a bad body or query is 401', async () => {
    expect((await setStatus('anonymous', 'not-a-uuid', 'nope')).statusCode).toBe(401);
    expect((await list('anonymous', 'limit=9999')).statusCode).toBe(401);
  });

  it('shows the owning manager exactly what the admin sees', async () => {
    const { restaurant } = await placeOrder();
    const url = `/manager/orders?restaurant_id=${restaurant._id}`;
    const asOwner = await t.call('owner', { method: 'GET', url });
    const asAdmin = await t.call('admin', { method: 'GET', url });
    expect(asOwner.json()).toEqual(asAdmin.json());
    expect(asOwner.json().count).toBe(1);
  });
});
