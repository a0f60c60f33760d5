import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { recordStaffEvent, settledStaffEventId } from '../../server/repositories/staff-events';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { createTable, freshAddress } from './orders-fixtures';
import { listenOnLoopback, type OpenedStream, openStream } from './staff-events-client';

// PostgreSQL only (see vitest.config.ts): two server processes on one database, as behind a load balancer. A panel's
// stream is open on one process, the diner's order and the staff's changes go through the other: the events must
// cross between them (LISTEN / NOTIFY), in order, and a reconnect to either process resumes without a gap.
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let bUrl: string;
let owner: TestUser;
let admin2: pg.Client;
let databaseName: string;
let slug: string;
let restaurantId: string;
let tableId: string;
let productId: string;
const streams: OpenedStream[] = [];

beforeAll(async () => {
  a = await createTestApp();
  databaseName = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${databaseName}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  b = await buildApp(a.config, { database: bDatabase, logger: false, distDir: a.config.dataDir });
  await b.ready();
  bUrl = await listenOnLoopback(b);
  admin2 = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin2.connect();

  owner = await createUser(a.app, a.db, 'manager');
  const restaurant = await createRestaurant(a.db, { manager_id: owner._id, ordering_enabled: true });
  slug = restaurant.slug;
  restaurantId = restaurant._id;
  tableId = (await createTable(a.db, restaurant._id, { name: '7' })).token;
  productId = (await createProduct(a.db, (await createCategory(a.db, restaurant._id))._id, { price: 30000 }))._id;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await admin2.end();
  await b.close();
  await bDatabase.close();
  await a.close();
});

/** A ticket from process A (any process signs one for all: they share JWT_SECRET), a stream on process B. */
async function openOnB(lastEventId?: number): Promise<OpenedStream> {
  const res = await a.app.inject({
    method: 'POST',
    url: '/manager/events/ticket',
    headers: owner.headers,
    payload: { restaurant_id: restaurantId },
  });
  expect(res.statusCode).toBe(200);
  const query = new URLSearchParams({ restaurant_id: restaurantId, ticket: res.json().data.ticket });
  if (lastEventId !== undefined) query.set('last_event_id', String(lastEventId));
  const stream = await openStream(`${bUrl}/manager/events?${query}`);
  expect(stream.status).toBe(200);
  streams.push(stream);
  return stream;
}

async function orderThroughA(): Promise<string> {
  const res = await a.app.inject({
    method: 'POST',
    url: `/menu/${slug}/orders`,
    headers: { 'idempotency-key': crypto.randomUUID() },
    payload: { table_id: tableId, items: [{ product_id: productId, quantity: 1 }] },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

async function listeningBackends(): Promise<number[]> {
  const result = await admin2.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and query ilike 'LISTEN%staff%'",
    [databaseName],
  );
  return result.rows.map((row) => row.pid);
}

describe('staff events between server processes on one PostgreSQL', () => {
  it('an order created through process A reaches a stream opened on process B, its change too', async () => {
    const stream = await openOnB();
    const orderId = await orderThroughA();
    const [created] = await stream.waitFor(1);
    expect(created).toMatchObject({ type: 'order.created', data: { _id: orderId, restaurant_id: restaurantId } });

    const accepted = await a.app.inject({
      method: 'PUT',
      url: `/manager/orders/${orderId}`,
      headers: owner.headers,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    const [, updated] = await stream.waitFor(2);
    expect(updated).toMatchObject({ type: 'order.updated', data: { _id: orderId, status: 'accepted' } });
    stream.close();
  });

  it('a burst of orders from A arrives on B complete and in order; a reconnect to B after it misses none', async () => {
    const stream = await openOnB();
    const placed = await Promise.all([1, 2, 3, 4, 5].map(() => orderThroughA()));
    const events = await stream.waitFor(5);
    expect(new Set(events.map((event) => event.data._id))).toEqual(new Set(placed));
    const ids = events.map((event) => event.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    stream.close();

    const missed = [await orderThroughA(), await orderThroughA()];
    const resumed = await openOnB(ids.at(-1));
    const replayed = await resumed.waitFor(2);
    expect(replayed.map((event) => event.data._id)).toEqual(missed);
    resumed.close();
  });

  /** A transaction that records a call event and waits, uncommitted, until told to commit or roll back. */
  async function heldEvent() {
    const event = { type: 'call.created', data: { restaurant_id: restaurantId, held: true } as never } as const;
    let recorded!: () => void;
    let finish!: (outcome: 'commit' | 'rollback') => void;
    const isRecorded = new Promise<void>((resolve) => {
      recorded = resolve;
    });
    const outcome = new Promise<'commit' | 'rollback'>((resolve) => {
      finish = resolve;
    });
    const done = a.db
      .transaction(async (tx) => {
        await recordStaffEvent(tx, restaurantId, event);
        recorded();
        if ((await outcome) === 'rollback') tx.rollback();
      })
      .catch(() => {});
    await isRecorded;
    return { commit: () => finish('commit'), rollBack: () => finish('rollback'), done };
  }

  it('no lock shared by all: a later event commits while an earlier one is uncommitted, and streams wait for the earlier', async () => {
    const stream = await openOnB();
    const held = await heldEvent();
    // Another transaction's event takes the next id and commits at once: writers never queue behind each other.
    const later = await orderThroughA();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Delivering the later one now would move the stream past the earlier id, which would then never be sent.
    expect(stream.events).toEqual([]);
    held.commit();
    await held.done;
    const [first, second] = await stream.waitFor(2);
    expect(first).toMatchObject({ type: 'call.created', data: { held: true } });
    expect(second).toMatchObject({ type: 'order.created', data: { _id: later } });
    expect(first!.id).toBeLessThan(second!.id);
    stream.close();
  });

  it('an event whose transaction rolls back holds nothing up: the later ones are delivered once it is gone', async () => {
    const stream = await openOnB();
    const held = await heldEvent();
    const later = await orderThroughA();
    held.rollBack();
    await held.done;
    const [event] = await stream.waitFor(1);
    expect(event).toMatchObject({ type: 'order.created', data: { _id: later } });
    stream.close();
  });

  it('a stream opened from now waits for earlier events to settle: it says it is open only once they are committed', async () => {
    const held = await heldEvent();
    await orderThroughA();
    let opened = false;
    const opening = openOnB().then((stream) => {
      opened = true;
      return stream;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Opened now, it would start after the order's id and never send the held event, which commits later; the panel
    // reloads its list when the stream opens, so what commits before that is in the list.
    expect(opened).toBe(false);
    held.commit();
    await held.done;
    const stream = await opening;
    const orderId = await orderThroughA();
    const [event] = await stream.waitFor(1);
    expect(event).toMatchObject({ type: 'order.created', data: { _id: orderId } });
    stream.close();
  });

  it("what B keeps of the restaurant for diners' writes follows a change made through A", async () => {
    const orderOnB = () =>
      b.inject({
        method: 'POST',
        url: `/menu/${slug}/orders`,
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { table_id: tableId, items: [{ product_id: productId, quantity: 1 }] },
        remoteAddress: freshAddress(),
      });
    const switchOrdering = (on: boolean) =>
      a.app.inject({
        method: 'PUT',
        url: `/manager/restaurants/update?slug=${slug}`,
        headers: owner.headers,
        payload: { ordering_enabled: on },
      });
    expect((await orderOnB()).statusCode).toBe(201);
    expect((await switchOrdering(false)).statusCode).toBe(200);
    // B hears of it by NOTIFY, a moment after A's commit.
    await expect.poll(async () => (await orderOnB()).statusCode).toBe(403);
    expect((await switchOrdering(true)).statusCode).toBe(200);
    await expect.poll(async () => (await orderOnB()).statusCode).toBe(201);
  });

  it("B's connections all taken by waiting requests: B's streams still get a new order (their reads have their own)", async () => {
    const stream = await openOnB();
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${databaseName}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const key = 4242;
    await holder.query('select pg_advisory_lock($1)', [key]);
    // Every connection of B's pool (10) waits on the lock, as requests wait on a busy database.
    const busy = Array.from({ length: 10 }, () =>
      // then(): a drizzle query runs when it is awaited, and these must run now.
      bDatabase.db
        .execute(sql`select pg_advisory_lock_shared(${key}), pg_advisory_unlock_shared(${key})`)
        .then(() => {}),
    );
    try {
      await expect
        .poll(async () => {
          const waiting = await holder.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
            [key],
          );
          return waiting.rows[0]!.n;
        })
        .toBe(10);
      const orderId = await orderThroughA();
      const [event] = await stream.waitFor(1, 5000);
      expect(event!.data._id).toBe(orderId);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [key]);
      await Promise.all(busy);
      await holder.end();
      stream.close();
    }
  });

  it('a writer that stays open is named once while the read waits for it, and the read goes on when it ends', async () => {
    const held = await heldEvent();
    const slow: Array<readonly string[]> = [];
    let settled = false;
    const reading = settledStaffEventId(bDatabase.db, {
      slowAfterMs: 100,
      onSlow: (writers) => slow.push(writers),
    }).then((id) => {
      settled = true;
      return id;
    });
    await expect.poll(() => slow.length).toBe(1);
    expect(slow[0]).toHaveLength(1);
    expect(settled).toBe(false);
    held.commit();
    await held.done;
    const id = await reading;
    expect(slow).toHaveLength(1);
    expect(id).toBeGreaterThan(0);
  });

  it("B's listening connection lost: once it is back, what happened meanwhile is delivered", async () => {
    const stream = await openOnB();
    const before = await listeningBackends();
    expect(before.length).toBeGreaterThanOrEqual(1);
    // What a PostgreSQL restart does to the listening connection: the orders below may be announced to nobody.
    await admin2.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    const orderId = await orderThroughA();
    const [event] = await stream.waitFor(1, 15_000);
    expect(event!.data._id).toBe(orderId);
    stream.close();
  });
});
