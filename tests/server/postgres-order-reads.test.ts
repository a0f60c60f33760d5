import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { createTestApp, type TestApp } from '../support/app';
import { createCategory, createProduct, createRestaurant, createUser, type TestUser } from '../support/fixtures';
import { createTable } from './orders-fixtures';

// PostgreSQL only (see vitest.config.ts): two server processes on one database, as behind a load balancer. Each
// remembers the tables and dishes its orders named (server/domain/orders/ordering-reads.ts); a write through one must
// reach the other's memory through LISTEN / NOTIFY before its next order is priced.
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let admin: TestUser;
let slug: string;
let productId: string;
let table: { _id: string; token: string };

beforeAll(async () => {
  a = await createTestApp();
  const databaseName = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${databaseName}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  b = await buildApp(a.config, { database: bDatabase, logger: false, distDir: a.config.dataDir });
  await b.ready();

  admin = await createUser(a.app, a.db, 'admin');
  const restaurant = await createRestaurant(a.db, { ordering_enabled: true });
  slug = restaurant.slug;
  const category = await createCategory(a.db, restaurant._id, { title: 'Taomlar' });
  productId = (await createProduct(a.db, category._id, { name: 'Osh', price: 25000 }))._id;
  table = await createTable(a.db, restaurant._id, { name: '5' });
});
afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await a.close();
});

/** A diner's order of one Osh through process B, from the table of `token`. */
const orderOnB = (token = table.token) =>
  b.inject({
    method: 'POST',
    url: `/menu/${slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: { table_id: token, items: [{ product_id: productId, quantity: 1 }] },
  });

async function throughA(method: 'PUT' | 'POST', url: string, payload?: object) {
  const res = await a.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('orders on one process after writes through another', () => {
  it('are priced at the price set through the other process, and refused once it stop-lists the dish', async () => {
    expect((await orderOnB()).json().data.total).toBe(25000);
    await throughA('PUT', `/manager/products/${productId}`, { price: 27000 });
    await vi.waitFor(async () => expect((await orderOnB()).json().data.total).toBe(27000));
    await throughA('PUT', '/manager/products/availability', { ids: [productId], is_active: false });
    await vi.waitFor(async () => expect((await orderOnB()).statusCode).toBe(409));
    await throughA('PUT', '/manager/products/availability', { ids: [productId], is_active: true });
    await vi.waitFor(async () => expect((await orderOnB()).statusCode).toBe(201));
  });

  it('are refused from a table’s old QR code once the other process gave it a new one', async () => {
    expect((await orderOnB()).statusCode).toBe(201);
    const renewed = await throughA('POST', `/manager/tables/${table._id}/token`);
    const token = renewed.json().data.token as string;
    // Refused at once: the write checks the token again, whatever the process remembers.
    expect((await orderOnB()).statusCode).toBe(404);
    expect((await orderOnB(token)).statusCode).toBe(201);
    table = { ...table, token };
  });
});
