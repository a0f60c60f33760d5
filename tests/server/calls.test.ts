import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CallStatus, type CallType, calls, restaurants, staffEvents } from '../../server/db/schema';
import { createRestaurant, createUser } from '../support/fixtures';
import { type Caller, setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postCall } from './orders-fixtures';

/**
 * Waiter and bill calls: the diner's POST /menu/{slug}/calls (the same table and type again within 60 s is a
 * kind 429), the staff's GET /manager/calls and PUT /manager/calls/{id} {status: "done"}, each write with its staff
 * event in the same transaction, and the API's authorization matrix.
 */

const t = setupTenants();

const everything = async () =>
  JSON.stringify([
    await t.db.select().from(calls).orderBy(asc(calls._id)),
    await t.db.select().from(staffEvents).orderBy(asc(staffEvents.id)),
  ]);
const callRow = async (id: string) => (await t.db.select().from(calls).where(eq(calls._id, id)))[0]!;
const eventsOf = (callId: string) =>
  t.db.select().from(staffEvents).where(sql`${staffEvents.data}->>'_id' = ${callId}`).orderBy(asc(staffEvents.id));
/** Moves every call of the table back in time, as if `seconds` had passed. */
const age = (tableId: string, seconds: number) =>
  t.db
    .update(calls)
    .set({ createdAt: sql`${calls.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(calls.table_id, tableId));

async function makeCall(type: CallType = 'waiter') {
  const s = await orderingRestaurant(t);
  const res = await postCall(t, s.restaurant.slug, { table_id: s.table.token, type });
  expect(res.statusCode).toBe(201);
  return { ...s, call: res.json().data as { _id: string; status: CallStatus } };
}

let seq = 0;
async function insertCall(restaurantId: string, tableId: string, createdAt: string, status: CallStatus = 'new') {
  const [row] = await t.db
    .insert(calls)
    .values({
      restaurant_id: restaurantId,
      table_id: tableId,
      table_name: `S${++seq}`,
      type: 'waiter',
      status,
      createdAt,
    })
    .returning();
  return row!;
}

describe('POST /menu/{slug}/calls', () => {
  it.each(['waiter', 'bill'] as const)('creates a %s call (201) with its call.created event', async (type) => {
    const { restaurant, table } = await orderingRestaurant(t);
    const res = await postCall(t, restaurant.slug, { table_id: table.token, type });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toEqual({
      _id: expect.any(String),
      type,
      table: { _id: table._id, name: '5' },
      status: 'new',
      createdAt: expect.any(String),
    });
    const row = await callRow(data._id);
    expect(row).toMatchObject({ restaurant_id: restaurant._id, type, status: 'new', status_changed_by: null });
    expect(row.createdAt).toBe(data.createdAt);
    const events = await eventsOf(data._id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'call.created', restaurant_id: restaurant._id });
    expect(events[0]!.data).toEqual({
      ...data,
      restaurant_id: restaurant._id,
      updatedAt: row.updatedAt,
      status_changed_by: null,
      telegram_error: null,
    });
  });

  it('answers the same table and type within 60 s with a kind 429 and Retry-After, creating nothing', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    expect((await postCall(t, restaurant.slug, { table_id: table.token, type: 'waiter' })).statusCode).toBe(201);
    expect((await postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' })).statusCode).toBe(201);
    const before = await everything();

    const waiter = await postCall(t, restaurant.slug, { table_id: table.token, type: 'waiter' });
    expect(waiter.statusCode).toBe(429);
    const wait = Number(waiter.headers['retry-after']);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(waiter.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Ofitsiant chaqirildi va tez orada keladi. Yana chaqirish uchun ${wait} soniya kuting.`,
    });
    const bill = await postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' });
    expect(bill.statusCode).toBe(429);
    expect(bill.json().message).toBe(
      `Hisob so'raldi va tez orada keltiriladi. Yana so'rash uchun ${bill.headers['retry-after']} soniya kuting.`,
    );
    expect(await everything()).toBe(before);
  });

  it('counts the 60 s from the last call: 20 s left says 20, after 60 s it is allowed again', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const body = { table_id: table.token, type: 'waiter' };
    expect((await postCall(t, restaurant.slug, body)).statusCode).toBe(201);
    await age(table._id, 40);
    const soon = await postCall(t, restaurant.slug, body);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThanOrEqual(19);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(20);
    await age(table._id, 21);
    expect((await postCall(t, restaurant.slug, body)).statusCode).toBe(201);
  });

  it('lets the other type, another table and another restaurant call at once', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const table2 = await createTable(t.db, restaurant._id, { name: '6' });
    const other = await orderingRestaurant(t);
    const answers = [
      await postCall(t, restaurant.slug, { table_id: table.token, type: 'waiter' }),
      await postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' }),
      await postCall(t, restaurant.slug, { table_id: table2.token, type: 'waiter' }),
      await postCall(t, other.restaurant.slug, { table_id: other.table.token, type: 'waiter' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
  });

  it('creates one call for two taps at once on the same table and type', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const answers = await Promise.all(
      [1, 2].map(() => postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429]);
    expect(await t.db.select().from(calls).where(eq(calls.table_id, table._id))).toHaveLength(1);
  });

  it('answers 404 for an unknown, inactive or other restaurant’s table and for an unknown or inactive restaurant; 403 with ordering off', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const off = await createTable(t.db, restaurant._id, { is_active: false });
    const other = await orderingRestaurant(t);
    const inactive = await orderingRestaurant(t, { is_active: false });
    const disabled = await orderingRestaurant(t, { ordering_enabled: false });
    const before = await everything();
    for (const table_id of [off.token, other.table.token, table._id, randomUUID()]) {
      const res = await postCall(t, restaurant.slug, { table_id, type: 'waiter' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.');
    }
    for (const slug of [inactive.restaurant.slug, 'bunday-restoran-yoq']) {
      const res = await postCall(t, slug, { table_id: table.token, type: 'waiter' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Restoran topilmadi.');
    }
    const forbidden = await postCall(t, disabled.restaurant.slug, { table_id: disabled.table.token, type: 'waiter' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Bu restoranda stoldan buyurtma berish yoqilmagan.');
    expect(await everything()).toBe(before);
  });

  it('answers 400 in Uzbek for a bad type, table id or extra field', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const before = await everything();
    const cases: [unknown, RegExp][] = [
      [{ table_id: table.token, type: 'cook' }, /^"type" maydoni/],
      [{ table_id: table.token }, /^"type" maydoni majburiy\.$/],
      [{ table_id: '', type: 'bill' }, /^"table_id" maydoni noto'g'ri/],
      [{ table_id: table.token, type: 'bill', note: 'x' }, /^"note" maydoni qabul qilinmaydi\.$/],
    ];
    for (const [body, message] of cases) {
      const res = await postCall(t, restaurant.slug, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await everything()).toBe(before);
  });

  it('switching ordering off stops calls at once (the restaurant is read on every call)', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    await t.db.update(restaurants).set({ ordering_enabled: false }).where(eq(restaurants._id, restaurant._id));
    expect((await postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' })).statusCode).toBe(403);
  });
});

const list = (caller: Caller, query: string) => t.call(caller, { method: 'GET', url: `/manager/calls?${query}` });
const done = (caller: Caller, id: string, payload: unknown = { status: 'done' }) =>
  t.call(caller, { method: 'PUT', url: `/manager/calls/${id}`, payload: payload as object });

describe('GET /manager/calls', () => {
  it('answers the restaurant’s calls newest first, filtered by status, paged, with the count', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const a = await insertCall(restaurant._id, table._id, '2026-11-26T10:00:00.000Z');
    const b = await insertCall(restaurant._id, table._id, '2026-11-26T12:00:00.000Z', 'done');
    const c = await insertCall(restaurant._id, table._id, '2026-11-26T11:00:00.000Z');
    const other = await orderingRestaurant(t);
    await insertCall(other.restaurant._id, other.table._id, '2026-11-26T13:00:00.000Z');
    const ids = (res: Awaited<ReturnType<typeof list>>) => res.json().data.map((row: { _id: string }) => row._id);

    const all = await list('owner', `restaurant_id=${restaurant._id}`);
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([b._id, c._id, a._id]);
    expect(all.json().count).toBe(3);
    expect(all.json().data[0]).toEqual({
      _id: b._id,
      type: 'waiter',
      table: { _id: table._id, name: b.table_name },
      status: 'done',
      createdAt: '2026-11-26T12:00:00.000Z',
      restaurant_id: restaurant._id,
      updatedAt: b.updatedAt,
      status_changed_by: null,
      telegram_error: null,
    });
    const fresh = await list('owner', `restaurant_id=${restaurant._id}&status=new`);
    expect(ids(fresh)).toEqual([c._id, a._id]);
    expect(fresh.json().count).toBe(2);
    const page2 = await list('owner', `restaurant_id=${restaurant._id}&limit=2&page=2`);
    expect(ids(page2)).toEqual([a._id]);
    expect(page2.json().count).toBe(3);
    for (const bad of ['status=accepted', 'limit=101', 'restaurant_id=x']) {
      const res = await list('owner', bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await list('admin', '')).json().message).toBe('"restaurant_id" maydoni majburiy.');
  });

  it('gives a manager without restaurant_id the calls of all their restaurants only', async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const r1 = await createRestaurant(t.db, { manager_id: manager._id });
    const r2 = await createRestaurant(t.db, { manager_id: manager._id });
    const one = await insertCall(r1._id, (await createTable(t.db, r1._id))._id, '2026-11-26T10:00:00.000Z');
    const two = await insertCall(r2._id, (await createTable(t.db, r2._id))._id, '2026-11-26T10:05:00.000Z');
    const res = await t.app.inject({ method: 'GET', url: '/manager/calls', headers: manager.headers });
    expect(res.json().data.map((row: { _id: string }) => row._id)).toEqual([two._id, one._id]);
    expect(res.json().count).toBe(2);
  });
});

describe('PUT /manager/calls/{id}', () => {
  it('marks a call done, names who did it and records call.updated in the same transaction', async () => {
    const { call, restaurant } = await makeCall('bill');
    const before = await callRow(call._id);
    const res = await done('owner', call._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ _id: call._id, type: 'bill', status: 'done', status_changed_by: t.owner.login });
    const after = await callRow(call._id);
    expect(after).toMatchObject({ status: 'done', status_changed_by: t.owner.login });
    expect(after.updatedAt > before.updatedAt).toBe(true);
    const events = await eventsOf(call._id);
    expect(events.map((e) => e.type)).toEqual(['call.created', 'call.updated']);
    expect(events[1]).toMatchObject({ restaurant_id: restaurant._id, data });
  });

  it('answers 409 for a call already done and changes nothing', async () => {
    const { call } = await makeCall();
    expect((await done('admin', call._id)).json().data.status_changed_by).toBe(t.admin.login);
    const before = await everything();
    const again = await done('owner', call._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Bu chaqiruv allaqachon bajarilgan.',
    });
    expect(await everything()).toBe(before);
    expect((await callRow(call._id)).status_changed_by).toBe(t.admin.login);
  });

  it('lets one of two staff tapping at once win', async () => {
    const { call } = await makeCall();
    const answers = await Promise.all([done('owner', call._id), done('admin', call._id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsOf(call._id)).map((e) => e.type)).toEqual(['call.created', 'call.updated']);
  });

  it('answers 400 for any other status or field, 404 for an unknown call', async () => {
    const { call } = await makeCall();
    const before = await everything();
    for (const payload of [{ status: 'new' }, { status: 'DONE' }, {}, { status: 'done', x: 1 }]) {
      const res = await done('owner', call._id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await done('owner', 'x')).statusCode).toBe(400);
    const unknown = await done('owner', randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Chaqiruv topilmadi.');
    expect(await everything()).toBe(before);
  });
});

describe('staff events in the same transaction', () => {
  it('creates no call and changes none when the call’s staff event cannot be written', async () => {
    const { restaurant, table, call } = await makeCall('bill');
    // A real failure inside the transaction: the staff event's insert is refused for this restaurant only.
    await t.db.execute(
      sql.raw(`create or replace function refuse_call_event() returns trigger language plpgsql as $$
        begin if new.restaurant_id = '${restaurant._id}' then raise exception 'no events'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_call_event before insert on staff_events for each row execute function refuse_call_event()',
      ),
    );
    const before = await everything();
    try {
      expect((await postCall(t, restaurant.slug, { table_id: table.token, type: 'waiter' })).statusCode).toBe(500);
      expect((await done('owner', call._id)).statusCode).toBe(500);
      expect(await everything()).toBe(before);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_call_event on staff_events'));
    }
    // Nothing was left half-done: the waiter call is not "within 60 s" of one that never existed, the bill is still new.
    expect((await postCall(t, restaurant.slug, { table_id: table.token, type: 'waiter' })).statusCode).toBe(201);
    expect((await done('owner', call._id)).statusCode).toBe(200);
  });
});

describe('authorization matrix: staff call calls', () => {
  const cases: { name: string; make: () => Promise<InjectOptions>; message: string }[] = [
    {
      name: 'GET /manager/calls',
      message: 'Restoran topilmadi.',
      make: async () => ({ method: 'GET', url: `/manager/calls?restaurant_id=${(await makeCall()).restaurant._id}` }),
    },
    {
      name: 'PUT /manager/calls/:id',
      message: 'Chaqiruv topilmadi.',
      make: async () => ({
        method: 'PUT',
        url: `/manager/calls/${(await makeCall()).call._id}`,
        payload: { status: 'done' },
      }),
    },
  ];
  for (const { name, make, message } of cases) {
    const matrix: [Caller, number][] = [
      ['anonymous', 401],
      ['other', 404],
      ['admin', 200],
      ['owner', 200],
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
        } else {
          expect(res.json().data.status).toBe('done');
          expect(await everything()).not.toBe(before);
        }
      });
    }
  }

  it('refuses a deactivated manager (401) for their own restaurant’s calls, and changes nothing', async () => {
    const gone = await createUser(t.app, t.db, 'manager', { is_active: false });
    const r = await createRestaurant(t.db, { manager_id: gone._id, ordering_enabled: true });
    const call = await insertCall(r._id, (await createTable(t.db, r._id))._id, '2026-11-26T10:00:00.000Z');
    const before = await everything();
    for (const request of [
      { method: 'GET', url: `/manager/calls?restaurant_id=${r._id}` },
      { method: 'PUT', url: `/manager/calls/${call._id}`, payload: { status: 'done' } },
    ] as InjectOptions[]) {
      expect((await t.app.inject({ ...request, headers: gone.headers })).statusCode).toBe(401);
    }
    expect(await everything()).toBe(before);
  });

  it('gives another manager an empty list without restaurant_id', async () => {
    await makeCall();
    expect((await list('other', '')).json()).toEqual({ data: [], count: 0 });
  });
});
