import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { printOutbox } from '../../server/db/schema';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import type { Tenants } from '../support/tenants';
import { kitchenRestaurant } from './kitchen-fixtures';
import { createTable, postOrder } from './orders-fixtures';

// PostgreSQL only (see vitest.config.ts): two server processes on one database, both printing the kitchen's tickets,
// as behind a load balancer. Each ticket reaches the printer once.
let printer: PrinterSimulator;
let a: TestApp;
let b: FastifyInstance;
let bDatabase: Database;
const printSender = { allowLoopback: true, tickMs: 10, retrySeconds: [0.05], maxAttempts: 3 };

beforeAll(async () => {
  printer = await startPrinterSimulator({ host: '127.0.0.1', port: 0 });
  a = await createTestApp({}, { printSender });
  const databaseName = rowsOf<{ name: string }>(await a.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${databaseName}`;
  bDatabase = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  b = await buildApp(a.config, { database: bDatabase, logger: false, distDir: a.config.dataDir, printSender });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await bDatabase.close();
  await a.close();
  await printer.close();
});

it('prints each ticket once between two processes', async () => {
  const owner = await createUser(a.app, a.db, 'manager');
  const t = {
    ...a,
    owner,
    call: (_caller: string, options: object) => a.app.inject({ ...options, headers: owner.headers }),
  } as unknown as Tenants;
  const s = await kitchenRestaurant(t, { oshxona: { printer: { host: '127.0.0.1', port: printer.port, width: 80 } } });
  // Each at a table of its own, placed on both processes at once (each wakes its own printer job).
  const tables = await Promise.all(Array.from({ length: 8 }, () => createTable(a.db, s.restaurant._id)));
  const placed = await Promise.all(
    tables.map((table, index) =>
      postOrder(index % 2 === 0 ? t : ({ ...t, app: b } as Tenants), s.restaurant.slug, {
        table_id: table.token,
        items: [{ product_id: s.food._id, quantity: 1 }],
      }),
    ),
  );
  expect(placed.map((res) => res.statusCode)).toEqual(tables.map(() => 201));
  await vi.waitFor(
    async () => {
      const rows = await a.db.select({ state: printOutbox.state }).from(printOutbox);
      expect(rows.map((row) => row.state)).toEqual(placed.map(() => 'printed'));
    },
    { timeout: 15_000, interval: 50 },
  );
  expect(printer.tickets()).toHaveLength(placed.length);
});
