import { randomUUID } from 'node:crypto';
import { get } from 'node:http';

/**
 * The staff's live events fan-out for `npm run bench`: PANELS open streams on one restaurant (as many
 * panels, each with its own ticket and connection), then ORDERS orders posted one after another; for each, the time
 * from sending the POST to its order.created event at every stream. Reports the median and the worst over the orders
 * of "all panels have it", and the median of single arrivals. Asserts nothing.
 *
 * Setup through the API only, on the stop-list benchmark's manager and restaurant: ordering turned on, ORDERS tables
 * (one order per table keeps the per-table limit out of it; ORDERS stays under the per-address one).
 */

const PANELS = Number(process.env.BENCH_SSE_PANELS ?? 200);
const ORDERS = 20;

export interface SseBenchInput {
  baseUrl: string;
  /** The manager's session token, and their restaurant with available products. */
  token: string;
  restaurantId: string;
  productId: string;
}

export interface SseBenchResult {
  panels: number;
  orders: number;
  /** From the POST to the event at the last of the panels. */
  allMedianMs: number;
  allWorstMs: number;
  /** From the POST to the event at one panel (every arrival of every order). */
  oneMedianMs: number;
  /** Opening every stream (tickets and connections), once. */
  openMs: number;
}

async function call<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Panel {
  /** Order id → when its order.created arrived (performance.now()). */
  arrived: Map<string, number>;
  close(): void;
}

/** One panel: a ticket, then the stream on a connection of its own, order ids noted as their events arrive. */
export async function openPanel(
  baseUrl: string,
  token: string,
  restaurantId: string,
  onArrival: () => void,
): Promise<Panel> {
  const { data } = await call<{ data: { ticket: string } }>(baseUrl, token, 'POST', '/manager/events/ticket', {
    restaurant_id: restaurantId,
  });
  const url = `${baseUrl}/manager/events?restaurant_id=${restaurantId}&ticket=${encodeURIComponent(data.ticket)}`;
  const arrived = new Map<string, number>();
  const request = get(url, { agent: false, headers: { accept: 'text/event-stream' } });
  request.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`GET /manager/events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffered = '';
      response.on('data', (chunk: string) => {
        buffered += chunk;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!block.includes('event: order.created') || !data) continue;
          arrived.set((JSON.parse(data.slice(6)) as { _id: string })._id, performance.now());
          onArrival();
        }
      });
      resolve();
    });
  });
  return { arrived, close: () => request.destroy() };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchSseFanOut({
  baseUrl,
  token,
  restaurantId,
  productId,
}: SseBenchInput): Promise<SseBenchResult> {
  const [restaurant] = (
    await call<{ data: Array<{ _id: string; slug: string }> }>(baseUrl, token, 'GET', '/manager/restaurants/me')
  ).data.filter((row) => row._id === restaurantId);
  if (!restaurant) throw new Error('the benchmark restaurant is not the manager’s');
  await call(baseUrl, token, 'PUT', `/manager/restaurants/update?slug=${restaurant.slug}`, { ordering_enabled: true });
  // Tables named sse-1… so a rerun on the same data finds them again.
  const existing = (
    await call<{ data: Array<{ _id: string; name: string; token: string }> }>(
      baseUrl,
      token,
      'GET',
      `/manager/tables?restaurant_id=${restaurantId}`,
    )
  ).data;
  // What each table's QR code carries: the diner's order names its table by it.
  const tables: string[] = [];
  for (let n = 1; n <= ORDERS; n++) {
    const name = `sse-${n}`;
    const found = existing.find((table) => table.name === name);
    tables.push(
      found?.token ??
        (
          await call<{ data: { token: string } }>(baseUrl, token, 'POST', '/manager/tables', {
            restaurant_id: restaurantId,
            name,
          })
        ).data.token,
    );
  }

  let wake: (() => void) | undefined;
  const opening = performance.now();
  const panels: Panel[] = [];
  // In batches, as panels of a busy evening open over time rather than in one instant.
  for (let i = 0; i < PANELS; i += 20) {
    panels.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, PANELS - i) }, () => openPanel(baseUrl, token, restaurantId, () => wake?.())),
      )),
    );
  }
  const openMs = performance.now() - opening;

  const allMs: number[] = [];
  const oneMs: number[] = [];
  try {
    for (const tableToken of tables) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/menu/${restaurant.slug}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ table_id: tableToken, items: [{ product_id: productId, quantity: 1 }] }),
      });
      if (res.status !== 201) throw new Error(`POST /menu/{slug}/orders answered ${res.status}: ${await res.text()}`);
      const orderId = ((await res.json()) as { data: { _id: string } }).data._id;
      const everyPanel = () => panels.every((panel) => panel.arrived.has(orderId));
      const deadline = setTimeout(() => wake?.(), 10_000);
      while (!everyPanel() && performance.now() - started < 10_000) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      clearTimeout(deadline);
      if (!everyPanel()) throw new Error(`order ${orderId} did not reach every panel within 10 s`);
      const arrivals = panels.map((panel) => panel.arrived.get(orderId)! - started);
      allMs.push(Math.max(...arrivals));
      oneMs.push(...arrivals);
    }
  } finally {
    for (const panel of panels) panel.close();
  }
  return {
    panels: PANELS,
    orders: ORDERS,
    allMedianMs: round(median(allMs)),
    allWorstMs: round(Math.max(...allMs)),
    oneMedianMs: round(median(oneMs)),
    openMs: Math.round(openMs),
  };
}
