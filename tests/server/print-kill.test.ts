import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, expect, it, vi } from 'vitest';
import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { type PrinterSimulator, startPrinterSimulator } from '../../server/dev/printer/server';
import { PRINT_LEASE_SECONDS } from '../../server/jobs/print-sender';
import { kill9, killAll, migratedDataDir, type RunningServer, startServerProcess } from '../support/server-process';

/**
 * A server killed (kill -9) while a kitchen ticket is on its way to the printer loses no ticket: the next start on the
 * same data, once the dead process's lease ran out, prints it, once. A real server process on the embedded database
 * (demo mode, Samarqand Darvozasi's Oshxona), printing to a printer in this process over raw TCP.
 */

const dataDir = migratedDataDir('menyu-print-kill-');
// Another loopback address than the demo's own printer (127.0.0.1), which demo mode points at its simulator.
const PRINTER_HOST = '127.0.0.2';
const children: ChildProcess[] = [];
let silent: Server | undefined;
let printer: PrinterSimulator | undefined;

afterAll(async () => {
  killAll(children);
  silent?.close();
  await printer?.close();
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
      ...(path.endsWith('/orders') && init.method === 'POST' ? { 'idempotency-key': 'print-kill-order' } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as T;
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

const login = async (server: RunningServer) =>
  (
    await call<{ data: { accessToken: string } }>(server, '/auth/login', {
      method: 'POST',
      body: DEMO_MANAGERS[0],
    })
  ).data.accessToken;

it(
  'prints the ticket a killed server had on its way, after its lease, once',
  async () => {
    // A printer that takes the connection and never answers: the ticket is under way when the server dies.
    const held: Socket[] = [];
    let connected = 0;
    // allowHalfOpen: a server socket otherwise ends its side when the sender ends its own, which a printer does once
    // it has printed: this one never does.
    silent = createServer({ allowHalfOpen: true }, (socket) => {
      connected += 1;
      held.push(socket);
      socket.resume();
    });
    const printerPort = await new Promise<number>((resolve) =>
      silent!.listen({ port: 0, host: PRINTER_HOST }, () => resolve((silent!.address() as { port: number }).port)),
    );

    const first = await startServerProcess(dataDir, children);
    const token = await login(first);
    const restaurants = (
      await call<{ data: { _id: string; slug: string }[] }>(first, '/manager/restaurants/me', { token })
    ).data;
    const samarqand = restaurants.find((r) => r.slug === 'samarqand-darvozasi')!;
    const stations = (
      await call<{ data: { _id: string; name: string }[] }>(first, `/manager/restaurants/${samarqand._id}/stations`, {
        token,
      })
    ).data;
    await call(first, `/manager/stations/${stations.find((s) => s.name === 'Oshxona')!._id}`, {
      method: 'PUT',
      token,
      body: { printer: { host: PRINTER_HOST, port: printerPort, width: 80 } },
    });
    const tables = (
      await call<{ data: { token: string }[] }>(first, `/manager/tables?restaurant_id=${samarqand._id}`, { token })
    ).data;
    const products = (
      await call<{ data: { _id: string; name: string }[] }>(first, `/manager/products?restaurant_id=${samarqand._id}`, {
        token,
      })
    ).data;
    const bread = products.find((product) => product.name === 'Samarqand noni')!;

    const placedAt = Date.now();
    const placed = await call<{ data: { _id: string } }>(first, `/menu/${samarqand.slug}/orders`, {
      method: 'POST',
      body: { table_id: tables[0]!.token, items: [{ product_id: bread._id, quantity: 3 }] },
    });
    await vi.waitFor(() => expect(connected).toBe(1), { timeout: 10_000, interval: 20 });
    await kill9(first);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent!.close(resolve));
    printer = await startPrinterSimulator({ host: PRINTER_HOST, port: printerPort });

    const second = await startServerProcess(dataDir, children);
    const again = await login(second);
    const order = await vi.waitFor(
      async () => {
        const orders = (
          await call<{ data: { _id: string; print: { status: string } | null }[] }>(
            second,
            `/manager/orders?restaurant_id=${samarqand._id}`,
            { token: again },
          )
        ).data;
        const found = orders.find((candidate) => candidate._id === placed.data._id)!;
        expect(found.print?.status).toBe('printed');
        return found;
      },
      { timeout: (PRINT_LEASE_SECONDS + 20) * 1000, interval: 250 },
    );
    // Not before the killed process's lease ran out: nobody printed it meanwhile.
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(PRINT_LEASE_SECONDS * 1000 - 1000);
    expect(order.print).toEqual({ status: 'printed', error: null });
    expect(printer.tickets()).toHaveLength(1);
    expect(
      printer
        .tickets()[0]!
        .paper.lines.map((line) => line.text)
        .join(' '),
    ).toContain('3 x Samarqand noni');
  },
  (PRINT_LEASE_SECONDS + 60) * 1000,
);
