import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { recordStaffEvent } from '../../server/repositories/staff-events';
import type { StaffCallView } from '../../server/schemas/table-orders';
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

  it('an event recorded while an earlier one is uncommitted waits for that commit: committed ids are a prefix', async () => {
    const event = { type: 'call.created', data: { restaurant_id: restaurantId } as StaffCallView } as const;
    let recorded!: () => void;
    let commit!: () => void;
    const firstRecorded = new Promise<void>((resolve) => {
      recorded = resolve;
    });
    const mayCommit = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const first = a.db.transaction(async (tx) => {
      await recordStaffEvent(tx, restaurantId, event);
      recorded();
      await mayCommit;
    });
    await firstRecorded;
    let secondCommitted = false;
    const second = a.db
      .transaction((tx) => recordStaffEvent(tx, restaurantId, event))
      .then(() => {
        secondCommitted = true;
      });
    // The second holds a higher id: committed before the first, a stream reading "up to id N" would skip the first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondCommitted).toBe(false);
    commit();
    await Promise.all([first, second]);
    expect(secondCommitted).toBe(true);
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
