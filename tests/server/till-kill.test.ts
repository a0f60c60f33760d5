import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { SAMPLE_ORGANIZATIONS } from '../../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../../server/dev/pos/server';
import { TILL_LEASE_SECONDS } from '../../server/jobs/till-sender';
import { kill9, killAll, migratedDataDir, type RunningServer, startServerProcess } from '../support/server-process';

/**
 * A server killed (kill -9) after the till accepted an order's command and while it asked how the command ended loses
 * nothing and makes no second check: the next start on the same data, once the dead process's lease ran out, follows
 * the recorded command, and the order is "Kassada" with the till's one check. A real server process on the embedded
 * database (demo accounts), sending to an iiko simulator in this process over HTTP.
 */

const dataDir = migratedDataDir('menyu-till-kill-');
const children: ChildProcess[] = [];
let sim: PosSimulator;

beforeAll(async () => {
  sim = await startPosSimulator();
});
afterAll(async () => {
  killAll(children);
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(
  server: RunningServer,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(path.endsWith('/orders') && init.method === 'POST' ? { 'idempotency-key': 'till-kill-order' } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as T;
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

const login = async (server: RunningServer, who: { login: string; password: string }) =>
  (await call<{ data: { accessToken: string } }>(server, '/auth/login', { method: 'POST', body: who })).data
    .accessToken;

it(
  'follows the command a killed server left, after its lease, and the till has one check',
  async () => {
    const first = await startServerProcess(dataDir, children, { IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
    const admin = await login(first, DEMO_ADMIN);
    const manager = DEMO_MANAGERS[1]!;
    const managerToken = await login(first, manager);
    const managers = (
      await call<{ data: { _id: string; login: string }[] }>(first, '/admin/managers', { token: admin })
    ).data;
    const organizationId = sim.control.organizations().find((org) => org.name === SAMPLE_ORGANIZATIONS[0]!.name)!.id;
    const created = await call<{ data: { _id: string; slug: string } }>(
      first,
      '/admin/integration/restaurants/create',
      {
        method: 'POST',
        token: admin,
        body: { id: organizationId, manager_id: managers.find((m) => m.login === manager.login)!._id },
      },
    );
    const { _id: restaurantId, slug } = created.data;
    await call(first, `/manager/restaurants/update?slug=${slug}`, {
      method: 'PUT',
      token: managerToken,
      body: { ordering_enabled: true },
    });
    const tables = (
      await call<{ data: { token: string; source: string }[] }>(
        first,
        `/manager/tables?restaurant_id=${restaurantId}`,
        {
          token: managerToken,
        },
      )
    ).data;
    const products = (
      await call<{ data: { _id: string; name: string }[] }>(first, `/manager/products?restaurant_id=${restaurantId}`, {
        token: managerToken,
      })
    ).data;
    const somsa = products.find((product) => product.name === 'Tandir somsa')!;

    // The till accepts the command; the server's question of how it ended never gets an answer before the kill.
    sim.control.slow('/api/1/commands/status', 60_000);
    const placedAt = Date.now();
    const placed = await call<{ data: { _id: string } }>(first, `/menu/${slug}/orders`, {
      method: 'POST',
      body: {
        table_id: tables.find((table) => table.source === 'pos')!.token,
        items: [{ product_id: somsa._id, quantity: 1 }],
      },
    });
    await vi.waitFor(() => expect(sim.control.stats().calls['/api/1/commands/status']).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 20,
    });
    await kill9(first);
    sim.control.clearFaults();

    const second = await startServerProcess(dataDir, children, { IIKO_API_URL: sim.url, IIKO_API_LOGIN: sim.apiLogin });
    const token = await login(second, manager);
    const sent = await vi.waitFor(
      async () => {
        const orders = (
          await call<{ data: { _id: string; pos: { status: string; number: number | null } | null }[] }>(
            second,
            `/manager/orders?restaurant_id=${restaurantId}`,
            { token },
          )
        ).data;
        const order = orders.find((candidate) => candidate._id === placed.data._id)!;
        expect(order.pos?.status).toBe('sent');
        return order;
      },
      { timeout: (TILL_LEASE_SECONDS + 15) * 1000, interval: 250 },
    );
    // Not before the killed process's lease ran out: nobody sent it twice meanwhile.
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(TILL_LEASE_SECONDS * 1000 - 1000);
    const checks = sim.control.tableOrders.orders(organizationId);
    expect(checks.map((check) => [check.id, check.creationStatus])).toEqual([[placed.data._id, 'Success']]);
    expect(sent.pos).toEqual({ status: 'sent', error: null, number: checks[0]!.order!.number });
    expect(sim.control.stats().calls['/api/1/order/create']).toBe(1);
  },
  (TILL_LEASE_SECONDS + 60) * 1000,
);
