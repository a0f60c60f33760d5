import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_MANAGERS, DEMO_PAYMENTS } from '../../server/dev/demo/data';
import { kill9, killAll, migratedDataDir, startServerProcess } from '../support/server-process';

/**
 * A server killed (kill -9) between Payme's CreateTransaction and PerformTransaction loses nothing and pays nothing
 * twice: the next start on the same data answers CheckTransaction as created, performs it, and the bill is paid once;
 * killed again right after Perform answered, the next start answers the same perform_time. A real server process on
 * the embedded database, in demo mode (Samarqand Darvozasi takes Payme), driven over HTTP as Payme and a diner would.
 */

const dataDir = migratedDataDir('menyu-payme-kill-');
const children: ChildProcess[] = [];
afterAll(() => {
  killAll(children);
  rmSync(dataDir, { recursive: true, force: true });
});

async function json<T>(url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as T };
}

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  json<{ data: Record<string, unknown> }>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The demo's Samarqand Darvozasi as its manager sees it: its id, table 3's token and a dish without options. */
async function demoRestaurant(url: string) {
  const manager = DEMO_MANAGERS[0]!;
  const login = await post(`${url}/auth/login`, { login: manager.login, password: manager.password });
  const auth = { authorization: `Bearer ${login.body.data.accessToken as string}` };
  const mine = await json<{ data: { _id: string; slug: string }[] }>(`${url}/manager/restaurants/me`, {
    headers: auth,
  });
  const restaurant = mine.body.data.find((r) => r.slug === 'samarqand-darvozasi')!;
  const tables = await json<{ data: { name: string; token: string }[] }>(
    `${url}/manager/tables?restaurant_id=${restaurant._id}`,
    { headers: auth },
  );
  const products = await json<{ data: { _id: string; name: string }[] }>(`${url}/manager/products`, { headers: auth });
  return {
    id: restaurant._id,
    slug: restaurant.slug,
    table: tables.body.data.find((t) => t.name === '3')!.token,
    dish: products.body.data.find((p) => p.name === 'Samarqand noni')!._id,
  };
}

type Demo = Awaited<ReturnType<typeof demoRestaurant>>;

/** One of Payme's calls with the demo cashbox's key, as Payme makes it. */
async function payme(url: string, demo: Demo, method: string, params: object) {
  const key = DEMO_PAYMENTS.payme.key;
  const answer = await post(
    `${url}/payments/payme/${demo.id}`,
    { jsonrpc: '2.0', id: Math.floor(Math.random() * 1e6), method, params },
    { authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}` },
  );
  expect(answer.status).toBe(200);
  return answer.body as unknown as { result?: Record<string, unknown>; error?: { code: number } };
}

describe('a kill -9 between Payme’s calls', () => {
  it('loses no transaction and pays the bill once, before and after Perform', async () => {
    let server = await startServerProcess(dataDir, children);
    const demo = await demoRestaurant(server.url);
    const ordered = await post(
      `${server.url}/menu/${demo.slug}/orders`,
      { table_id: demo.table, items: [{ product_id: demo.dish, quantity: 2 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(ordered.status).toBe(201);
    const made = await post(
      `${server.url}/menu/${demo.slug}/payments`,
      { table_id: demo.table, provider: 'payme', tip: 1000 },
      { 'idempotency-key': randomUUID() },
    );
    expect(made.status).toBe(201);
    const payment = made.body.data as { _id: string; amount: number };
    const account = { order_id: payment._id };
    const amount = payment.amount * 100;
    const id = randomBytes(12).toString('hex');
    expect((await payme(server.url, demo, 'CheckPerformTransaction', { amount, account })).result).toMatchObject({
      allow: true,
    });
    const created = await payme(server.url, demo, 'CreateTransaction', { id, time: Date.now(), amount, account });
    expect(created.result).toMatchObject({ state: 1 });

    await kill9(server);
    server = await startServerProcess(dataDir, children);
    const checked = await payme(server.url, demo, 'CheckTransaction', { id });
    expect(checked.result).toMatchObject({ state: 1, create_time: created.result!.create_time, perform_time: 0 });
    const performed = await payme(server.url, demo, 'PerformTransaction', { id });
    expect(performed.result).toMatchObject({ state: 2, transaction: created.result!.transaction });

    await kill9(server);
    server = await startServerProcess(dataDir, children);
    const again = await payme(server.url, demo, 'PerformTransaction', { id });
    expect(again.result).toEqual(performed.result);
    const paid = await json<{ data: { status: string; amount: number } }>(
      `${server.url}/menu/${demo.slug}/payments/${payment._id}`,
    );
    expect(paid.body.data).toMatchObject({ status: 'paid', amount: payment.amount });
    // The table's bill is settled: nothing left to pay, and no second payment can take the same orders.
    const bill = await json<{ data: { orders: unknown[]; unpaid: number } }>(
      `${server.url}/menu/${demo.slug}/bill?table_id=${demo.table}`,
    );
    expect(bill.body.data).toMatchObject({ orders: [], unpaid: 0 });
    await kill9(server);
  }, 180_000);
});
