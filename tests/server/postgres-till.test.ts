import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { posOutbox } from '../../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import { dish, order, type TillRestaurant, tillRestaurant } from './till-fixtures';

// PostgreSQL only (see vitest.config.ts): two server processes on one database, both sending orders to the till, as
// behind a load balancer. Each order must reach the till once: one check per table's first order, its second round
// added once, never a check made twice.
let sim: PosSimulator;
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
let r: TillRestaurant;

const tillSender = { retrySeconds: [0], maxAttempts: 3, tickMs: 10, pollMs: 5 };

beforeAll(async () => {
  sim = await startPosSimulator();
  a = await createTestApp({ IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin }, { tillSender });
  const databaseName = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${databaseName}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  b = await buildApp(a.config, { database: bDatabase, logger: false, distDir: a.config.dataDir, tillSender });
  await b.ready();
  const admin = await createUser(a.app, a.db, 'admin');
  const manager = await createUser(a.app, a.db, 'manager');
  r = await tillRestaurant(a, sim, admin, manager, SAMPLE_ORGANIZATIONS[0]!.name);
});
afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await a.close();
  await sim.close();
});

it('sends each order once between two processes', async () => {
  sim.control.tableOrders.setTimings({ commandDelayMs: 5 });
  const somsa = await dish(a, r.restaurantId, 'Tandir somsa');
  const tables = [...r.tables.values()].slice(0, 6);
  expect(tables).toHaveLength(6);
  // Two rounds per table, placed on both processes at once (each wakes its own sender).
  const placed = await Promise.all(
    tables.flatMap((table, index) => [
      order(a, r.slug, table.token, [{ product_id: somsa._id, quantity: 1 }]),
      order(index % 2 === 0 ? a : { ...a, app: b }, r.slug, table.token, [{ product_id: somsa._id, quantity: 2 }]),
    ]),
  );
  await vi.waitFor(
    async () => {
      const rows = await a.db.select({ state: posOutbox.state }).from(posOutbox);
      expect(rows.map((row) => row.state)).toEqual(placed.map(() => 'sent'));
    },
    { timeout: 15_000, interval: 50 },
  );
  const checks = sim.control.tableOrders.orders(r.organizationId);
  expect(checks.filter((check) => check.creationStatus === 'Success')).toHaveLength(tables.length);
  expect(
    checks.every(
      (check) =>
        check
          .order!.items.map((item) => item.amount)
          .sort()
          .join() === '1,2',
    ),
  ).toBe(true);
  const calls = sim.control.stats().calls;
  expect(calls['/api/1/order/create']).toBe(tables.length);
  expect(calls['/api/1/order/add_items']).toBe(tables.length);
});
