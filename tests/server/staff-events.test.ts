import { eq, inArray, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { restaurants, staffEvents, usedEventTickets, users } from '../../server/db/schema';
import { MAX_STREAMS_PER_USER, StaffEventsHub } from '../../server/events/hub';
import { openStaffEventsStream } from '../../server/events/stream';
import { TICKET_TTL_SECONDS } from '../../server/events/tickets';
import { pruneUsedEventTickets, useEventTicket } from '../../server/repositories/event-tickets';
import { pruneStaffEvents, recordStaffEvent, staffEventsAfter } from '../../server/repositories/staff-events';
import { TICKET_INVALID, TICKET_REQUIRED } from '../../server/routes/manager/events';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { suiteApp } from '../support/suite-app';
import { type Caller, setupTenants } from '../support/tenants';
import { createTable, orderingRestaurant, postCall, postOrder } from './orders-fixtures';
import { listenOnLoopback, type OpenedStream, openStream, within } from './staff-events-client';

/**
 * The staff's live events: POST /manager/events/ticket trades the session token for a one-minute ticket,
 * GET /manager/events?ticket= streams the restaurant's order and call events (Server-Sent Events) on a real port,
 * replaying after last_event_id, each event once, never one of a rolled-back change.
 */

const t = setupTenants();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenOnLoopback(t.app);
});

const SECRET = 'test-secret-that-is-long-enough-0123456789';

async function ticketFor(caller: Caller | TestUser, restaurantId?: string) {
  const headers = typeof caller === 'string' ? t.headersOf(caller) : caller.headers;
  const res = await t.app.inject({
    method: 'POST',
    url: '/manager/events/ticket',
    headers,
    payload: restaurantId ? { restaurant_id: restaurantId } : {},
  });
  return res;
}

async function ticket(caller: Caller | TestUser, restaurantId?: string): Promise<string> {
  const res = await ticketFor(caller, restaurantId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ticket;
}

function eventsUrl(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/manager/events?${params}`;
}

const openStreams: OpenedStream[] = [];
async function open(
  caller: Caller | TestUser,
  restaurantId: string | undefined,
  extra: { last_event_id?: number; headers?: Record<string, string> } = {},
): Promise<OpenedStream> {
  const url = eventsUrl({
    restaurant_id: restaurantId,
    ticket: await ticket(caller, restaurantId),
    last_event_id: extra.last_event_id,
  });
  const stream = await openStream(`${baseUrl}${url}`, extra.headers);
  openStreams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}
const closeAll = () => {
  for (const stream of openStreams.splice(0)) stream.close();
};

const order = async (slug: string, tableId: string, productId: string) => {
  const res = await postOrder(t, slug, { table_id: tableId, items: [{ product_id: productId, quantity: 2 }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; number: number };
};

describe('POST /manager/events/ticket', () => {
  it('answers the authorization matrix: nobody 401, another manager 404, the admin and the owner a ticket', async () => {
    const { restaurant } = await orderingRestaurant(t);
    expect((await ticketFor('anonymous', restaurant._id)).statusCode).toBe(401);
    const other = await ticketFor('other', restaurant._id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ statusCode: 404, message: 'Restoran topilmadi.' });
    for (const caller of ['admin', 'owner'] as const) {
      const res = await ticketFor(caller, restaurant._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ticket: expect.any(String), expires_in: TICKET_TTL_SECONDS });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a manager may leave the restaurant out (all theirs); an admin must name it (400)', async () => {
    expect((await ticketFor('owner')).statusCode).toBe(200);
    const admin = await ticketFor('admin');
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe('"restaurant_id" maydoni majburiy.');
  });

  it('a malformed restaurant id is a 400 in Uzbek', async () => {
    const res = await ticketFor('owner', 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toMatch(/must|should/);
  });
});

describe('GET /manager/events refuses what is not a valid ticket of the restaurant', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    within(5000, t.app.inject({ method: 'GET', url, headers }));

  it('without a ticket: 401, even with the session token in the header', async () => {
    const { restaurant } = await orderingRestaurant(t);
    for (const headers of [{}, t.owner.headers]) {
      const res = await get(eventsUrl({ restaurant_id: restaurant._id }), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: TICKET_REQUIRED });
    }
  });

  it('a session token as the ticket, a forged ticket, an expired one: 401', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const claims = { pur: 'staff-events', sub: t.owner._id, sv: 0, rid: restaurant._id, jti: crypto.randomUUID() };
    const forged = createSigner({ key: 'another-secret-that-is-long-enough-012345678', expiresIn: 60_000 })(claims);
    const expired = createSigner({ key: SECRET, expiresIn: 60_000 })({
      ...claims,
      iat: Math.floor(Date.now() / 1000) - TICKET_TTL_SECONDS - 5,
    });
    // Signed right but not a ticket: a session-shaped payload, and a ticket without an end.
    const sessionShaped = createSigner({ key: SECRET, expiresIn: 60_000 })({ role: 'manager', _id: t.owner._id });
    const endless = createSigner({ key: SECRET })(claims);
    // Without its own id a ticket could not be marked used.
    const { jti: _jti, ...withoutId } = claims;
    const unnamed = createSigner({ key: SECRET, expiresIn: 60_000 })(withoutId);
    for (const bad of [t.owner.token, forged, expired, sessionShaped, endless, unnamed, 'x']) {
      const res = await get(eventsUrl({ restaurant_id: restaurant._id, ticket: bad }));
      expect(res.statusCode, bad).toBe(401);
    }
    // The same claims rightly signed are accepted (the refusals above are not about the claims).
    const good = createSigner({ key: SECRET, expiresIn: 60_000 })(claims);
    const stream = await openStream(`${baseUrl}${eventsUrl({ restaurant_id: restaurant._id, ticket: good })}`);
    expect(stream.status).toBe(200);
    stream.close();
  });

  it('a ticket opens one stream only: used again, even while its stream is open or after it closed, it is 401', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const value = await ticket('owner', restaurant._id);
    const url = eventsUrl({ restaurant_id: restaurant._id, ticket: value });
    const first = await openStream(`${baseUrl}${url}`);
    expect(first.status).toBe(200);
    const again = await get(url);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ statusCode: 401, message: TICKET_INVALID });
    first.close();
    expect((await get(url)).statusCode).toBe(401);
    // Two requests with one fresh ticket at once: one stream, one refusal.
    const shared = eventsUrl({ restaurant_id: restaurant._id, ticket: await ticket('owner', restaurant._id) });
    const both = await Promise.allSettled([openStream(`${baseUrl}${shared}`), openStream(`${baseUrl}${shared}`)]);
    const statuses = both.map((each) => (each.status === 'fulfilled' ? each.value.status : 0)).sort();
    expect(statuses).toEqual([200, 401]);
    for (const each of both) if (each.status === 'fulfilled') each.value.close();
  });

  it('a ticket is no session token: GET /manager/orders with it as the Bearer token is 401', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const value = await ticket('owner', restaurant._id);
    const res = await get(`/manager/orders?restaurant_id=${restaurant._id}`, { authorization: `Bearer ${value}` });
    expect(res.statusCode).toBe(401);
  });

  it("a ticket is for the restaurant it names: another restaurant's id in the URL (or none) is 401", async () => {
    const { restaurant } = await orderingRestaurant(t);
    const second = await createRestaurant(t.db, { manager_id: t.owner._id });
    const value = await ticket('owner', restaurant._id);
    expect((await get(eventsUrl({ restaurant_id: second._id, ticket: value }))).statusCode).toBe(401);
    expect((await get(eventsUrl({ ticket: value }))).statusCode).toBe(401);
  });

  it('checked again on connect: a user deactivated since, or a restaurant given to another manager, is refused', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const leaving = await createUser(t.app, t.db, 'manager');
    const theirs = await createRestaurant(t.db, { manager_id: leaving._id });
    const value = await ticket(leaving, theirs._id);
    await t.db.update(users).set({ is_active: false }).where(eq(users._id, leaving._id));
    const inactive = await get(eventsUrl({ restaurant_id: theirs._id, ticket: value }));
    expect(inactive.statusCode).toBe(401);

    const owners = await ticket('owner', restaurant._id);
    await t.db.update(restaurants).set({ manager_id: t.other._id }).where(eq(restaurants._id, restaurant._id));
    const moved = await get(eventsUrl({ restaurant_id: restaurant._id, ticket: owners }));
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('Restoran topilmadi.');
  });

  it('checked again on connect: a new password since, a demo account outside demo mode, a deleted user: 401', async () => {
    const refused = async (change: (user: TestUser) => Promise<unknown>) => {
      const user = await createUser(t.app, t.db, 'manager');
      const value = await ticket(user);
      await change(user);
      const res = await get(eventsUrl({ ticket: value }));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TICKET_INVALID);
    };
    await refused((user) =>
      t.db
        .update(users)
        .set({ session_version: sql`${users.session_version} + 1` })
        .where(eq(users._id, user._id)),
    );
    await refused((user) => t.db.update(users).set({ is_demo: true }).where(eq(users._id, user._id)));
    await refused((user) => t.db.delete(users).where(eq(users._id, user._id)));
  });

  it('a malformed last_event_id is a 400', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const value = await ticket('owner', restaurant._id);
    const res = await get(eventsUrl({ restaurant_id: restaurant._id, ticket: value, last_event_id: '-1' }));
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /manager/events streams the restaurant’s orders and calls', () => {
  it('is an uncompressed, unbuffered event stream', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const stream = await open('owner', restaurant._id, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    closeAll();
  });

  it('an order arrives as order.created with the order, its status change as order.updated', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const stream = await open('owner', restaurant._id);
    const created = await postOrder(t, restaurant.slug, {
      table_id: table.token,
      items: [{ product_id: product._id, quantity: 2 }],
    });
    expect(created.statusCode).toBe(201);
    const placed = created.json().data;
    const [first] = await stream.waitFor(1);
    expect(first).toEqual({
      id: expect.any(Number),
      type: 'order.created',
      data: {
        ...placed,
        items: placed.items.map((line: object) => ({ ...line, station_id: null, status: 'new', moves: [] })),
        kitchen_status: 'new',
        print: null,
        payment: null,
        pos: null,
        restaurant_id: restaurant._id,
        updatedAt: expect.any(String),
        status_changed_by: null,
        telegram_error: null,
      },
    });
    // The event is built by the statement that makes the order: exactly what the staff's list answers for it.
    const list = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${restaurant._id}` });
    expect(first!.data).toEqual(list.json().data.find((order: { _id: string }) => order._id === placed._id));

    const accepted = await t.call('owner', {
      method: 'PUT',
      url: `/manager/orders/${placed._id}`,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    const [, second] = await stream.waitFor(2);
    expect(second!.type).toBe('order.updated');
    expect(second!.data).toEqual(accepted.json().data);
    expect(second!.id).toBeGreaterThan(first!.id);
    closeAll();
  });

  it('a call arrives as call.created, marking it done as call.updated; the admin hears them too', async () => {
    const { restaurant, table } = await orderingRestaurant(t);
    const owner = await open('owner', restaurant._id);
    const admin = await open('admin', restaurant._id);
    const called = await postCall(t, restaurant.slug, { table_id: table.token, type: 'bill' });
    expect(called.statusCode).toBe(201);
    const call = called.json().data;
    const done = await t.call('owner', {
      method: 'PUT',
      url: `/manager/calls/${call._id}`,
      payload: { status: 'done' },
    });
    expect(done.statusCode).toBe(200);
    for (const stream of [owner, admin]) {
      const [created, updated] = await stream.waitFor(2);
      expect(created).toMatchObject({ type: 'call.created', data: { ...call, restaurant_id: restaurant._id } });
      expect(updated).toMatchObject({ type: 'call.updated', data: done.json().data });
    }
    closeAll();
  });

  it("only the stream's own restaurants: a manager without restaurant_id hears all theirs, nobody else's", async () => {
    const mine = await orderingRestaurant(t);
    const second = await orderingRestaurant(t);
    const foreign = await orderingRestaurant(t, { manager_id: t.other._id });
    const all = await open('owner', undefined);
    const one = await open('owner', mine.restaurant._id);
    await order(foreign.restaurant.slug, foreign.table.token, foreign.product._id);
    const a = await order(mine.restaurant.slug, mine.table.token, mine.product._id);
    const b = await order(second.restaurant.slug, second.table.token, second.product._id);
    const heard = await all.waitFor(2);
    expect(heard.map((event) => event.data._id)).toEqual([a._id, b._id]);
    // b came after a: once b is heard on the other stream, a would have been too.
    const [only] = await one.waitFor(1);
    expect(only!.data._id).toBe(a._id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(one.events).toHaveLength(1);
    expect(all.events).toHaveLength(2);
    closeAll();
  });

  it(`a user has at most ${MAX_STREAMS_PER_USER} streams: one more closes the oldest with a reconnect hint, the rest go on`, async () => {
    const manager = await createUser(t.app, t.db, 'manager');
    const restaurant = await createRestaurant(t.db, { manager_id: manager._id, ordering_enabled: true });
    const table = await createTable(t.db, restaurant._id, { name: '9' });
    const product = await createProduct(t.db, (await createCategory(t.db, restaurant._id))._id, { price: 10000 });
    const opened: OpenedStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) opened.push(await open(manager, restaurant._id));
    // Another user's streams do not count against this one's.
    const admins = await open('admin', restaurant._id);

    const newest = await open(manager, restaurant._id);
    const [oldest, ...kept] = opened;
    await oldest!.ended();
    expect(oldest!.events).toEqual([
      { id: Number.NaN, type: 'reconnect', data: { reason: 'streams_limit', when: 'visible' } },
    ]);
    const placed = await order(restaurant.slug, table.token, product._id);
    for (const stream of [...kept, newest, admins]) {
      const [event] = await stream.waitFor(1);
      expect(event).toMatchObject({ type: 'order.created', data: { _id: placed._id } });
    }
    // One more again: the next oldest goes, with the same hint.
    await open(manager, restaurant._id);
    await kept[0]!.ended();
    expect(kept[0]!.events.at(-1)!.type).toBe('reconnect');
    closeAll();
  });

  it('resumes after last_event_id with exactly the missed events, then live ones; the header works alike', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const first = await open('owner', restaurant._id);
    const a = await order(restaurant.slug, table.token, product._id);
    const [heardA] = await first.waitFor(1);
    first.close();
    const b = await order(restaurant.slug, table.token, product._id);
    const c = await order(restaurant.slug, table.token, product._id);

    const resumed = await open('owner', restaurant._id, { last_event_id: heardA!.id });
    const replayed = await resumed.waitFor(2);
    expect(replayed.map((event) => event.data._id)).toEqual([b._id, c._id]);
    const d = await order(restaurant.slug, table.token, product._id);
    const all = await resumed.waitFor(3);
    expect(all.map((event) => event.data._id)).toEqual([b._id, c._id, d._id]);
    expect(new Set(all.map((event) => event.id)).size).toBe(3);

    const byHeader = await open('owner', restaurant._id, { headers: { 'last-event-id': String(heardA!.id) } });
    const again = await byHeader.waitFor(3);
    expect(again.map((event) => event.data._id)).toEqual([b._id, c._id, d._id]);
    expect(again.map((event) => event.data._id)).not.toContain(a._id);
    closeAll();
  });

  it('without last_event_id it starts from now: earlier events are not sent', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    await order(restaurant.slug, table.token, product._id);
    const stream = await open('owner', restaurant._id);
    const later = await order(restaurant.slug, table.token, product._id);
    const [only] = await stream.waitFor(1);
    expect(only!.data._id).toBe(later._id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.events).toHaveLength(1);
    closeAll();
  });

  it('a rolled-back change is never sent', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const stream = await open('owner', restaurant._id);
    const phantom = { ...(await order(restaurant.slug, table.token, product._id)), _id: crypto.randomUUID() };
    await stream.waitFor(1);
    await expect(
      t.db.transaction(async (tx) => {
        await recordStaffEvent(tx, restaurant._id, { type: 'order.created', data: phantom as never });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const real = await order(restaurant.slug, table.token, product._id);
    const events = await stream.waitFor(2);
    expect(events[1]!.data._id).toBe(real._id);
    expect(events.map((event) => event.data._id)).not.toContain(phantom._id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.events).toHaveLength(2);
    closeAll();
  });

  it('a burst of orders from many tables arrives complete and in id order on every stream', async () => {
    const { restaurant, product } = await orderingRestaurant(t);
    const streams = await Promise.all([1, 2, 3].map(() => open('owner', restaurant._id)));
    const tables = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => createTable(t.db, restaurant._id, { name: `B${n}` })),
    );
    const placed = await Promise.all(tables.map((table) => order(restaurant.slug, table.token, product._id)));
    for (const stream of streams) {
      const events = await stream.waitFor(6);
      expect(new Set(events.map((event) => event.data._id))).toEqual(new Set(placed.map((p) => p._id)));
      const ids = events.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    }
    closeAll();
  });
});

describe('closing', () => {
  describe('on an app of its own', () => {
    const own = suiteApp();

    it('app.close() ends open streams instead of waiting for them, telling each panel to reconnect at once', async () => {
      const admin = await createUser(own.app, own.db, 'admin');
      const restaurant = await createRestaurant(own.db);
      const url = await listenOnLoopback(own.app);
      const res = await own.app.inject({
        method: 'POST',
        url: '/manager/events/ticket',
        headers: admin.headers,
        payload: { restaurant_id: restaurant._id },
      });
      const value = res.json().data.ticket;
      const stream = await openStream(`${url}${eventsUrl({ restaurant_id: restaurant._id, ticket: value })}`);
      expect(stream.status).toBe(200);
      await own.app.close();
      await stream.ended();
      expect(stream.events.at(-1)).toMatchObject({
        type: 'reconnect',
        data: { reason: 'server_stopping', when: 'now' },
      });
    });
  });
});

describe('an open stream, checked again through the route', () => {
  // Checked every 50 ms here (every five minutes by default).
  const own = suiteApp({}, { eventsRecheckMs: 50 });
  let base: string;
  beforeAll(async () => {
    base = await listenOnLoopback(own.app);
  });

  async function streamOf(user: TestUser, restaurantId?: string) {
    const res = await own.app.inject({
      method: 'POST',
      url: '/manager/events/ticket',
      headers: user.headers,
      payload: restaurantId ? { restaurant_id: restaurantId } : {},
    });
    const stream = await openStream(
      `${base}${eventsUrl({ restaurant_id: restaurantId, ticket: res.json().data.ticket })}`,
    );
    expect(stream.status).toBe(200);
    return stream;
  }

  it('ends when its user is deactivated', async () => {
    const manager = await createUser(own.app, own.db, 'manager');
    const restaurant = await createRestaurant(own.db, { manager_id: manager._id });
    const stream = await streamOf(manager, restaurant._id);
    await own.db.update(users).set({ is_active: false }).where(eq(users._id, manager._id));
    await stream.ended();
  });

  it('ends for a manager following all theirs when they get another restaurant (the client reconnects to follow it)', async () => {
    const manager = await createUser(own.app, own.db, 'manager');
    await createRestaurant(own.db, { manager_id: manager._id });
    const stream = await streamOf(manager);
    await createRestaurant(own.db, { manager_id: manager._id });
    await stream.ended();
  });

  it('stays open and keeps delivering while nothing changed', async () => {
    const manager = await createUser(own.app, own.db, 'manager');
    const restaurant = await createRestaurant(own.db, { manager_id: manager._id, ordering_enabled: true });
    const table = await createTable(own.db, restaurant._id, { name: '5' });
    const stream = await streamOf(manager, restaurant._id);
    // Several checks pass.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const call = await own.app.inject({
      method: 'POST',
      url: `/menu/${restaurant.slug}/calls`,
      payload: { table_id: table.token, type: 'waiter' },
    });
    expect(call.statusCode).toBe(201);
    const [event] = await stream.waitFor(1);
    expect(event!.type).toBe('call.created');
    stream.close();
  });
});

describe('one stream and the hub', () => {
  const read = (body: NodeJS.ReadableStream) => {
    let text = '';
    body.on('data', (chunk) => {
      text += String(chunk);
    });
    return () => text;
  };

  it('a comment line opens the stream and another keeps it alive while nothing happens', async () => {
    const hub = { join: async () => 0, leave: vi.fn() } as unknown as StaffEventsHub;
    const body = await openStaffEventsStream({ db: t.db, hub, restaurantIds: [], afterId: 0, heartbeatMs: 20 });
    const text = read(body);
    // The first line at once, then only pings (as many as the machine's load lets the timer fire).
    await vi.waitFor(() => expect(text()).toMatch(/^: ok\n\n(: ping\n\n){2,}$/));
    body.destroy();
    await vi.waitFor(() => expect(hub.leave).toHaveBeenCalledTimes(1));
  });

  it('an open stream is checked again now and then: a refusal ends it, a failure to ask does not', async () => {
    const hub = { join: async () => 0, leave: vi.fn() } as unknown as StaffEventsHub;
    const answers = [() => Promise.reject(new Error('database away')), async () => true, async () => false];
    const stillAllowed = vi.fn(() => (answers.shift() ?? (async () => false))());
    const body = await openStaffEventsStream({
      db: t.db,
      hub,
      restaurantIds: [],
      afterId: 0,
      stillAllowed,
      recheckMs: 20,
    });
    read(body);
    await vi.waitFor(() => expect(body.writableEnded).toBe(true));
    expect(stillAllowed).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(hub.leave).toHaveBeenCalledTimes(1));
  });

  it('a stream that goes away leaves the hub; the hub subscribes once and stops with close()', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const hub = new StaffEventsHub(t.database, t.app.log);
    const open = () => openStaffEventsStream({ db: t.db, hub, restaurantIds: [restaurant._id], afterId: 0 });
    const [first, second] = await Promise.all([open(), open()]);
    expect(hub.size).toBe(2);
    const heard = read(second!);
    first!.destroy();
    await vi.waitFor(() => expect(hub.size).toBe(1));
    const placed = await order(restaurant.slug, table.token, product._id);
    await vi.waitFor(() => expect(heard()).toContain(placed._id));
    await hub.close();
    expect(hub.size).toBe(0);
    expect(second!.writableEnded).toBe(true);
  });
});

describe('the stored events', () => {
  it('a replay reads after one id and up to another, only the named restaurants, oldest first', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const other = await orderingRestaurant(t);
    const before = await newestEventId();
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await order(restaurant.slug, table.token, product._id));
    await order(other.restaurant.slug, other.table.token, other.product._id);
    const all = await staffEventsAfter(t.db, { restaurantIds: [restaurant._id], afterId: before, limit: 10 });
    expect(all.map((event) => (event.data as { _id: string })._id)).toEqual(placed.map((p) => p._id));
    const upToSecond = await staffEventsAfter(t.db, {
      restaurantIds: [restaurant._id],
      afterId: all[0]!.id,
      upToId: all[1]!.id,
      limit: 10,
    });
    expect(upToSecond.map((event) => event.id)).toEqual([all[1]!.id]);
    expect(await staffEventsAfter(t.db, { restaurantIds: [], afterId: before, limit: 10 })).toEqual([]);
  });

  it('events older than the kept age are pruned, newer ones stay', async () => {
    const { restaurant, table, product } = await orderingRestaurant(t);
    const before = await newestEventId();
    await order(restaurant.slug, table.token, product._id);
    await order(restaurant.slug, table.token, product._id);
    const [old, recent] = await staffEventsAfter(t.db, { restaurantIds: [restaurant._id], afterId: before, limit: 10 });
    await t.db
      .update(staffEvents)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(staffEvents.id, old!.id));
    expect(await pruneStaffEvents(t.db, 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    const kept = await staffEventsAfter(t.db, { restaurantIds: [restaurant._id], afterId: before, limit: 10 });
    expect(kept.map((event) => event.id)).toEqual([recent!.id]);
  });
});

describe('the used tickets', () => {
  it('are forgotten once older than the kept age, when their tickets have long expired', async () => {
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    expect(await useEventTicket(t.db, old)).toBe(true);
    expect(await useEventTicket(t.db, recent)).toBe(true);
    expect(await useEventTicket(t.db, old)).toBe(false);
    await t.db
      .update(usedEventTickets)
      .set({ usedAt: sql`now() - interval '2 hours'` })
      .where(eq(usedEventTickets.ticket_id, old));
    expect(await pruneUsedEventTickets(t.db, 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select()
      .from(usedEventTickets)
      .where(inArray(usedEventTickets.ticket_id, [old, recent]));
    expect(left.map((row) => row.ticket_id)).toEqual([recent]);
  });
});

async function newestEventId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${staffEvents.id}), 0)` }).from(staffEvents);
  return Number(row!.id);
}
