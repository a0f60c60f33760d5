import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { orders, telegramOutbox } from '../../server/db/schema';
import { startTelegramSimulator, type TelegramSimulator } from '../../server/dev/telegram/server';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/fixtures';
import { killAll, type RunningServer, startServerProcess, stopGracefully } from '../support/server-process';
import type { Tenants } from '../support/tenants';
import { createTable, orderingRestaurant } from './orders-fixtures';
import { addBotAndChannel, connectTelegram } from './telegram-fixtures';

/**
 * A rolling restart: two real server processes on one PostgreSQL database, diners ordering through both all the
 * while, and one of them stopped (SIGTERM, as systemd or a deploy stops it) and started again. A request that fails
 * (its connection refused, or a 503 from the stopping process) is sent again to the other process with the same
 * Idempotency-Key, as the proxy does. Every order that got a 2xx must be in the database, and every order's Telegram
 * message must be delivered: none lost with the process that stopped while sending.
 */

const RESTAURANTS = 12;
let sim: TelegramSimulator;
let t: TestApp;
let databaseUrl: string;
const children: ChildProcess[] = [];
const dirs: string[] = [];
const menus: { slug: string; tables: string[]; productId: string }[] = [];

beforeAll(async () => {
  sim = await startTelegramSimulator();
  t = await createTestApp({ TELEGRAM_API_URL: sim.url });
  // This test's own app sends nothing: the two server processes do.
  await t.app.telegram.sender.stop();
  const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  const owner = await createUser(t.app, t.db, 'manager');
  const tenants = { ...t, owner } as unknown as Tenants;
  for (let r = 0; r < RESTAURANTS; r++) {
    const setup = await orderingRestaurant(tenants);
    await connectTelegram(t.db, setup.restaurant._id, addBotAndChannel(sim));
    const tables = [setup.table.token];
    for (let i = 0; i < 4; i++) tables.push((await createTable(t.db, setup.restaurant._id)).token);
    menus.push({ slug: setup.restaurant.slug, tables, productId: setup.product._id });
  }
});
afterAll(async () => {
  killAll(children);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await t.close();
  await sim.close();
});

const startProcess = () => {
  const dir = mkdtempSync(join(tmpdir(), 'menyu-rolling-'));
  dirs.push(dir);
  return startServerProcess(dir, children, {
    DEMO: '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: t.config.jwtSecret!,
    TELEGRAM_API_URL: sim.url,
  });
};

interface Placed {
  key: string;
  status: number;
  tries: number;
}

it('loses no order that got a 2xx and no Telegram message while one of two processes restarts', async () => {
  const servers: RunningServer[] = await Promise.all([startProcess(), startProcess()]);
  let ordering = true;
  let sent = 0;
  const placed: Placed[] = [];

  const placeOrder = async (): Promise<Placed> => {
    const n = sent++;
    const menu = menus[n % menus.length]!;
    const key = randomUUID();
    const body = JSON.stringify({
      table_id: menu.tables[Math.floor(n / menus.length) % menu.tables.length],
      items: [{ product_id: menu.productId, quantity: 1 }],
    });
    let status = 0;
    for (let tries = 1; tries <= 6; tries++) {
      const server = servers[(n + tries) % servers.length]!;
      try {
        const res = await fetch(`${server.url}/menu/${menu.slug}/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-device-id': `d-${key}` },
          body,
        });
        status = res.status;
        await res.arrayBuffer();
        if (status !== 503) return { key, status, tries };
      } catch {
        // Refused or cut: the proxy tries the other process.
        status = 0;
      }
    }
    return { key, status, tries: 6 };
  };
  const diner = async () => {
    while (ordering) {
      placed.push(await placeOrder());
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  const diners = [diner(), diner(), diner()];

  await new Promise((resolve) => setTimeout(resolve, 1000));
  const exitCode = await stopGracefully(servers[0]!);
  servers[0] = await startProcess();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  ordering = false;
  await Promise.all(diners);

  expect(exitCode).toBe(0);
  expect(placed.length).toBeGreaterThan(20);
  // Some were sent to the stopped process and answered by the other one.
  expect(placed.some((order) => order.tries > 1)).toBe(true);
  expect(placed.filter((order) => order.status !== 201)).toEqual([]);
  const keys = placed.map((order) => order.key);
  const made = await t.db
    .select({ id: orders._id, key: orders.idempotency_key })
    .from(orders)
    .where(inArray(orders.idempotency_key, keys));
  expect(made.map((order) => order.key).sort()).toEqual([...keys].sort());

  // Every order's message goes out (the restarted process and the other one share the outbox), each once.
  const ids = made.map((order) => order.id);
  const unsent = async () =>
    (await t.db.select().from(telegramOutbox).where(inArray(telegramOutbox.order_id, ids))).filter(
      (row) => row.state !== 'sent',
    ).length;
  await expect.poll(unsent, { timeout: 60_000, interval: 250 }).toBe(0);
  const rows = await t.db.select().from(telegramOutbox).where(inArray(telegramOutbox.order_id, ids));
  expect(new Set(rows.map((row) => row.order_id)).size).toBe(ids.length);

  await Promise.all(servers.map(stopGracefully));
}, 120_000);
