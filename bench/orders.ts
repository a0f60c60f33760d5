import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { Db } from '../server/db/client';
import { categories, optionRows, productOptions, products, restaurants, restaurantTables } from '../server/db/schema';
import { type Measurement, measure, table } from './measure';
import { measureWriteFloor } from './write-floor';

/**
 * The ordering bench: order creation (`POST /menu/{slug}/orders`) in requests/s next to `GET /health` measured in the
 * same run, plus the diner's status read and an Idempotency-Key replay. bench/run.ts calls `reportOrders` (section
 * `orders` of BENCH_ONLY); `npx tsx bench/orders.ts` runs it alone.
 *
 * Its own server process (`bench/orders.ts --serve`, like bench/server.ts: a fresh PGlite in a temporary DATA_DIR)
 * because the diner's limits would otherwise turn the load into 429s: 10 orders per client address per 10 minutes and
 * 30 per table per hour. The server trusts the loopback proxy (TRUST_PROXY=127.0.0.1), every request says it comes from
 * another phone (X-Forwarded-For), and the orders go round 2,000 tables: every order is a real new order (201), limits
 * checked and counted as in production, nothing switched off.
 */

const TABLES = 2000;
/** Phones ordering at once (the busy-evening goal is set at 20). */
const CONCURRENT_DINERS = 20;
const CATEGORIES = 10;
const PRODUCTS_PER_CATEGORY = 20;

export interface OrdersReady {
  baseUrl: string;
  slug: string;
  /** What each table's QR code carries: the diner's `table_id`. */
  tableTokens: string[];
  /** Products to order; the first has an option row (`rowId`). */
  productIds: string[];
  rowId: string;
}

/**
 * One restaurant taking orders: 200 products (every fourth with a size option), 2,000 active tables; `shape` seeds
 * another slug, table count or manager (bench/friday-seed.ts: a chain of ten).
 */
export async function seedOrderingBench(
  db: Db,
  telegram?: { bot_token: string; channel_id: string },
  shape: { slug?: string; tables?: number; managerId?: string } = {},
): Promise<Omit<OrdersReady, 'baseUrl'> & { restaurantId: string }> {
  const slug = shape.slug ?? 'bench-orders';
  const [restaurant] = await db
    .insert(restaurants)
    .values({
      name: 'Buyurtma benchmark',
      slug,
      address: 'Toshkent',
      phone_number: '+998 71 000 00 00',
      work_time: '09:00 - 23:00',
      ordering_enabled: true,
      ...(shape.managerId ? { manager_id: shape.managerId } : {}),
      ...telegram,
    })
    .returning({ _id: restaurants._id });
  const categoryRows = Array.from({ length: CATEGORIES }, (_, c) => ({
    _id: randomUUID(),
    title: `Kategoriya ${c + 1}`,
    restaurant_id: restaurant!._id,
    position: c,
  }));
  const productRows = categoryRows.flatMap((category, c) =>
    Array.from({ length: PRODUCTS_PER_CATEGORY }, (_, p) => ({
      _id: randomUUID(),
      name: `Taom ${c + 1}.${p + 1}`,
      price: 12_000 + p * 1_500,
      category_id: category._id,
      position: p,
    })),
  );
  const optionRowsToInsert = productRows
    .filter((_, i) => i % 4 === 0)
    .map((product) => ({ _id: randomUUID(), product_id: product._id, name: 'Hajmi' }));
  const rowRows = optionRowsToInsert.flatMap((option) => [
    { _id: randomUUID(), product_option_id: option._id, name: 'Kichik', price: 0 },
    { _id: randomUUID(), product_option_id: option._id, name: 'Katta', price: 6_000 },
  ]);
  const tableRows = Array.from({ length: shape.tables ?? TABLES }, (_, i) => ({
    _id: randomUUID(),
    restaurant_id: restaurant!._id,
    name: String(i + 1),
  }));
  const tableTokens: string[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(categoryRows);
    await tx.insert(products).values(productRows);
    await tx.insert(productOptions).values(optionRowsToInsert);
    await tx.insert(optionRows).values(rowRows);
    for (let i = 0; i < tableRows.length; i += 500) {
      const inserted = await tx
        .insert(restaurantTables)
        .values(tableRows.slice(i, i + 500))
        .returning({ token: restaurantTables.token });
      tableTokens.push(...inserted.map((row) => row.token));
    }
  });
  return {
    restaurantId: restaurant!._id,
    slug,
    tableTokens,
    productIds: [productRows[0]!._id, productRows[1]!._id, productRows[37]!._id],
    rowId: rowRows[1]!._id,
  };
}

/** The server process: seeds, listens on loopback, prints `READY <json>`, serves until killed. */
async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('orders', { databaseUrl: process.env.DATABASE_URL });
  // bench/telegram.ts: the restaurant delivers to a bot and channel of its Bot API simulator (TELEGRAM_API_URL).
  const telegram = process.env.BENCH_TELEGRAM ? JSON.parse(process.env.BENCH_TELEGRAM) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    TRUST_PROXY: '127.0.0.1',
    ...(process.env.TELEGRAM_API_URL ? { TELEGRAM_API_URL: process.env.TELEGRAM_API_URL } : {}),
  });
  const seeded = await seedOrderingBench(database.db, telegram);
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl, ...seeded } satisfies OrdersReady)}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

export function startOrdersServer(env: Record<string, string> = {}): Promise<{ ready: OrdersReady; stop: () => void }> {
  const root = join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/orders.ts', '--serve'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`orders bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({ ready: JSON.parse(line.slice(6)) as OrdersReady, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

export interface OrdersBenchRow {
  name: string;
  requestsPerSec: number;
  p99Ms: number;
  /** Answers other than the expected status (a benchmark of refusals measures nothing). */
  errors: number;
}

/** The body of one diner's order: three lines, one with an option row, from the table `n` picks. */
export function orderBody(ready: Pick<OrdersReady, 'tableTokens' | 'productIds' | 'rowId'>, n: number): string {
  const [first, second, third] = ready.productIds;
  return JSON.stringify({
    table_id: ready.tableTokens[n % ready.tableTokens.length],
    items: [
      { product_id: first, quantity: 2, row_ids: [ready.rowId] },
      { product_id: second, quantity: 1 },
      { product_id: third, quantity: 3 },
    ],
    comment: 'Benchmark',
  });
}

/** Each request a new phone: a fresh Idempotency-Key and client address. */
export const phoneAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** Phone numbers for the diners of every load in this process: each load's diners are new to the limits. */
let lastPhone = 0;

/**
 * New orders from CONCURRENT_DINERS diners for `length` seconds, or `{ amount }` orders in all. `body`: the order of
 * the n-th request (default orderBody: three lines of the seeded menu, the n-th request's table the next after the
 * last request's); `baseUrl`: another address of the same server (nginx in front of it).
 */
export async function loadOrders(
  ready: OrdersReady,
  length: number | { amount: number },
  body: (n: number) => string = (n) => orderBody(ready, n),
  baseUrl = ready.baseUrl,
): Promise<OrdersBenchRow & { created: number }> {
  const url = `${baseUrl}/menu/${ready.slug}/orders`;
  const result = await autocannon({
    url,
    // A run of an amount ends at autocannon's first sample after its last answer: samples every 0.1 s, not every 1 s.
    ...(typeof length === 'number' ? { duration: length } : { amount: length.amount, sampleInt: 100 }),
    connections: CONCURRENT_DINERS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = ++lastPhone;
          return {
            ...request,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
              'x-forwarded-for': phoneAddress(n),
            },
            body: body(n),
          };
        },
      },
    ],
  });
  // 201 is the only right answer: a 200 would be a replay, a 429 a limit, neither a new order.
  const created = result.statusCodeStats?.['201']?.count ?? 0;
  return {
    name: 'POST /menu/{slug}/orders (new order, 3 lines)',
    // Every request over the run's whole time (a run of an amount may end within a second).
    requestsPerSec: Math.round(result.requests.total / result.duration),
    p99Ms: result.latency.p99,
    // Connection errors and timeouts too (a proxy dropping a connection is an error, not a missing row).
    errors: result.requests.total - created + result.errors,
    created,
  };
}

/**
 * `/health` and new orders measured in turns, a second each, `seconds` times, on a warmed server: this machine's pace
 * drifts within a minute (`/health` 5,600 and 8,800 req/s in runs back to back), so the two are measured across the
 * same stretch of time and their ratio compares like with like. Requests/s the mean of the turns; p99 the worst
 * turn's, never below the whole run's.
 */
async function healthAndOrdersInTurns(
  ready: OrdersReady,
  seconds: number,
): Promise<{ health: OrdersBenchRow; created: OrdersBenchRow }> {
  const turns: { health: Measurement; created: OrdersBenchRow }[] = [];
  for (let turn = 0; turn < seconds; turn++) {
    const health = await measure('GET /health', `${ready.baseUrl}/health`, {
      seconds: 1,
      connections: CONCURRENT_DINERS,
    });
    turns.push({ health, created: await loadOrders(ready, 1) });
  }
  const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    health: {
      name: 'GET /health',
      requestsPerSec: mean(turns.map((t) => t.health.requestsPerSec)),
      p99Ms: Math.max(...turns.map((t) => t.health.p99Ms)),
      errors: turns.reduce((sum, t) => sum + t.health.non2xx, 0),
    },
    created: {
      name: turns[0]!.created.name,
      requestsPerSec: mean(turns.map((t) => t.created.requestsPerSec)),
      p99Ms: Math.max(...turns.map((t) => t.created.p99Ms)),
      errors: turns.reduce((sum, t) => sum + t.created.errors, 0),
    },
  };
}

/**
 * /health, order creation (its first at each table apart), the diner's status read and an Idempotency-Key replay, in
 * one run on one server: on PGlite, or on a scratch PostgreSQL database beside `databaseUrl`.
 */
export async function benchOrders(options: { seconds?: number; databaseUrl?: string } = {}): Promise<OrdersBenchRow[]> {
  const seconds = options.seconds ?? 5;
  const { ready, stop } = await startOrdersServer({ DATABASE_URL: options.databaseUrl ?? '' });
  try {
    // One order made first, checked: a bench of a failing call measures nothing.
    const key = randomUUID();
    const first = await fetch(`${ready.baseUrl}/menu/${ready.slug}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '192.168.0.1' },
      body: orderBody(ready, 0),
    });
    if (first.status !== 201)
      throw new Error(`POST /menu/{slug}/orders answered ${first.status}: ${await first.text()}`);
    const order = ((await first.json()) as { data: { _id: string } }).data;

    // Warmed as the write-floor control warms its process: /health for a second, and an order at each table once. A
    // table's first order reads it (ordering-reads.ts), every later one does not; with 2,000 tables that first order
    // would be a fifth of a 5-second run, where a restaurant's 30–100 tables are read once an evening. Reported on its
    // own row.
    await measure('GET /health', `${ready.baseUrl}/health`, { seconds: 1, connections: CONCURRENT_DINERS });
    const firstAtTable = await loadOrders(ready, { amount: ready.tableTokens.length });
    const { health, created } = await healthAndOrdersInTurns(ready, seconds);
    const status = await measure(
      'GET /menu/{slug}/orders/{id} (status page)',
      `${ready.baseUrl}/menu/${ready.slug}/orders/${order._id}`,
      { seconds, connections: CONCURRENT_DINERS },
    );
    const replay = await autocannon({
      url: `${ready.baseUrl}/menu/${ready.slug}/orders`,
      duration: seconds,
      connections: CONCURRENT_DINERS,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': '192.168.0.1' },
      body: orderBody(ready, 0),
    });
    const replays = replay.statusCodeStats?.['200']?.count ?? 0;
    return [
      health,
      created,
      { ...firstAtTable, name: `POST /menu/{slug}/orders (first order at each of ${ready.tableTokens.length} tables)` },
      { name: status.name, requestsPerSec: status.requestsPerSec, p99Ms: status.p99Ms, errors: status.non2xx },
      {
        name: 'POST /menu/{slug}/orders (same Idempotency-Key, 200)',
        requestsPerSec: Math.round(replay.requests.average),
        p99Ms: replay.latency.p99,
        errors: replay.requests.total - replays,
      },
    ];
  } finally {
    stop();
  }
}

/**
 * Prints the orders table with each call's ratio to /health, on PGlite and, when DATABASE_URL is set, on PostgreSQL
 * (the busy-evening goal: a new order at 0.25× /health or better, p99 ≤ 200 ms at 20 diners at once on PostgreSQL).
 */
export async function reportOrders(options: { seconds?: number } = {}): Promise<void> {
  const databases: Array<[name: string, url: string | undefined]> = [['PGlite', undefined]];
  if (process.env.DATABASE_URL) databases.push(['PostgreSQL', process.env.DATABASE_URL]);
  console.log('\nOrdering from the table: its own server process, one restaurant, 2,000 tables…');
  const rows: Array<Record<string, string | number>> = [];
  for (const [database, databaseUrl] of databases) {
    const measured = await benchOrders({ ...options, ...(databaseUrl ? { databaseUrl } : {}) });
    const health = measured[0]!.requestsPerSec;
    for (const r of measured)
      rows.push({
        database,
        call: r.name,
        'requests/s': r.requestsPerSec,
        'p99 ms': r.p99Ms,
        'vs /health': `${(r.requestsPerSec / health).toFixed(2)}x`,
        errors: r.errors,
      });
  }
  console.log(
    `\nLoad: ${CONCURRENT_DINERS} connections, loopback; every order a new phone. /health and new orders in turns of a ` +
      `second, ${options.seconds ?? 5} each, after a second of /health and an order at each table; the other calls ` +
      `${options.seconds ?? 5} s each.\n`,
  );
  console.log(table(rows));
  if (process.env.DATABASE_URL) await reportWriteFloor(process.env.DATABASE_URL, options.seconds ?? 5);
}

/** The control beside the orders (bench/write-floor.ts): the cheapest durable writes of the order's body on PostgreSQL. */
async function reportWriteFloor(databaseUrl: string, seconds: number): Promise<void> {
  const body = orderBody(
    { tableTokens: [randomUUID()], productIds: [randomUUID(), randomUUID(), randomUUID()], rowId: randomUUID() },
    0,
  );
  const measured = await measureWriteFloor(databaseUrl, body, { seconds, connections: CONCURRENT_DINERS });
  const health = measured[0]!.requestsPerSec;
  console.log(
    "\nThe control on PostgreSQL: a bare Fastify process, the same pool size, none of an order's own work (bench/write-floor.ts):\n",
  );
  console.log(
    table(
      measured.map((r) => ({
        call: r.call,
        'requests/s': r.requestsPerSec,
        'p99 ms': r.p99Ms,
        'vs /health': `${(r.requestsPerSec / health).toFixed(2)}x`,
        errors: r.errors,
      })),
    ),
  );
}

// Run as a script only: another bench importing this file (its own child started with other flags) serves nothing.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--serve')) await serve();
  else await reportOrders({ seconds: Number(process.env.BENCH_SECONDS ?? 5) });
}
