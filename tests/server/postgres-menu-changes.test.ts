import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { products } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';

// PostgreSQL only (see vitest.config.ts): two server processes on one database, as behind a load balancer. Each
// caches public menus in memory; a write through one must reach the other's cache through LISTEN / NOTIFY.
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let admin: TestUser;
let admin2: pg.Client;
let databaseName: string;
let slug: string;
let productId: string;

beforeAll(async () => {
  a = await createTestApp();
  databaseName = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${databaseName}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  b = await buildApp(a.config, { database: bDatabase, logger: false, distDir: a.config.dataDir });
  await b.ready();
  admin2 = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin2.connect();

  admin = await createUser(a.app, a.db, 'admin');
  const restaurant = await createRestaurant(a.db);
  slug = restaurant.slug;
  const category = await createCategory(a.db, restaurant._id, { title: 'Taomlar' });
  productId = (await createProduct(a.db, category._id, { name: 'Osh' }))._id;
});
afterAll(async () => {
  await admin2.end();
  await b.close();
  await bDatabase.close();
  await a.close();
});

const menuOnB = async () => (await b.inject({ method: 'GET', url: `/menu?slug=${slug}` })).body;
const renameInDatabase = (name: string) => a.db.update(products).set({ name }).where(eq(products._id, productId));
const renameThroughA = async (name: string) => {
  const res = await a.app.inject({
    method: 'PUT',
    url: `/manager/products/${productId}`,
    headers: admin.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(200);
};
async function listeningBackends(): Promise<number[]> {
  const result = await admin2.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
    [databaseName],
  );
  return result.rows.map((row) => row.pid);
}

describe('menu changes between server processes on one PostgreSQL', () => {
  it('a write through one process shows on the next menu load from the other', async () => {
    expect(await menuOnB()).toContain('Osh');
    // B really caches: a change that nobody announces is not seen.
    await renameInDatabase('Qozon kabob');
    expect(await menuOnB()).toContain('Osh');

    await renameThroughA('Palov');
    await vi.waitFor(async () => expect(await menuOnB()).toContain('Palov'));
  });

  it('a lost listening connection empties the caches, and once it is back changes arrive again', async () => {
    expect(await menuOnB()).toContain('Palov');
    await renameInDatabase('Somsa');
    expect(await menuOnB()).toContain('Palov');
    const before = await listeningBackends();
    expect(before).toHaveLength(2);

    // What a PostgreSQL restart does to both processes' listening connections.
    await admin2.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await vi.waitFor(async () => expect(await menuOnB()).toContain('Somsa'));

    await vi.waitFor(async () => expect(await listeningBackends()).toHaveLength(2), { timeout: 10_000 });
    expect(await menuOnB()).toContain('Somsa');
    await renameThroughA('Manti');
    await vi.waitFor(async () => expect(await menuOnB()).toContain('Manti'));
  });
});

describe('payment settings between server processes on one PostgreSQL', () => {
  /** Payme's CheckPerformTransaction on B with `key`: -32504 when the key is refused, -31050 (no such payment) when taken. */
  const paymeOnB = async (restaurantId: string, key: string) => {
    const res = await b.inject({
      method: 'POST',
      url: `/payments/payme/${restaurantId}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`,
      },
      payload: JSON.stringify({
        method: 'CheckPerformTransaction',
        params: { amount: 100_000, account: { order_id: '00000000-0000-4000-8000-000000000000' } },
        id: 1,
      }),
    });
    return res.json().error.code as number;
  };
  const saveKeyThroughA = async (restaurantId: string, key: string) => {
    const res = await a.app.inject({
      method: 'PUT',
      url: `/manager/restaurants/${restaurantId}/payments`,
      headers: admin.headers,
      payload: { payme: { enabled: true, merchant_id: '5e730e8e0b852a417aa49ceb', key } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('a cashbox key saved through one process is the only one the other takes', async () => {
    const restaurant = await createRestaurant(a.db);
    const oldKey = 'Eski-kassa-kaliti_abcdefghijklmnopqrstuvw';
    const newKey = 'Yangi-kassa-kaliti_abcdefghijklmnopqrstuv';
    await saveKeyThroughA(restaurant._id, oldKey);
    expect(await paymeOnB(restaurant._id, oldKey)).toBe(-31050);

    await saveKeyThroughA(restaurant._id, newKey);
    await vi.waitFor(async () => expect(await paymeOnB(restaurant._id, oldKey)).toBe(-32504));
    expect(await paymeOnB(restaurant._id, newKey)).toBe(-31050);
  });
});
