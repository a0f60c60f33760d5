import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { paymentSettings } from '../server/db/schema';
import { table } from './measure';
import { type OrdersReady, orderBody, phoneAddress, seedOrderingBench } from './orders';

/**
 * Payme's round trip: CheckPerformTransaction + CreateTransaction + PerformTransaction, one after the other as Payme
 * makes them for one payment, timed together on loopback (goal: p99 ≤ 30 ms; Payme gives a merchant a few seconds).
 * Each round pays a new diner's order at its own table (order and payment made first, untimed), so every call does
 * its real work: the fiscal receipt read, the bill held, the payment and its order paid, the staff told.
 *
 * Its own server process (`bench/payme.ts --serve`, a fresh PGlite or a scratch PostgreSQL database beside
 * DATABASE_URL), as bench/orders.ts's. `npx tsx bench/payme.ts` prints the report; `benchPaymeRoundTrip` answers it.
 */

const MERCHANT_ID = '5e730e8e0b852a417aa49ceb';
const KEY = 'Bench-kassa-kaliti_0123456789abcdefgh';
const AUTHORIZATION = `Basic ${Buffer.from(`Paycom:${KEY}`).toString('base64')}`;

interface PaymeReady extends OrdersReady {
  restaurantId: string;
}

/** The server process: the ordering bench's restaurant with Payme on, listening on loopback; prints `READY <json>`. */
async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('payme', { databaseUrl: process.env.DATABASE_URL });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', TRUST_PROXY: '127.0.0.1' });
  const seeded = await seedOrderingBench(database.db, undefined, {
    slug: 'bench-payme',
    tables: Number(process.env.BENCH_PAYME_TABLES ?? 600),
  });
  await database.db.insert(paymentSettings).values({
    restaurant_id: seeded.restaurantId,
    payme_enabled: true,
    payme_merchant_id: MERCHANT_ID,
    payme_key: KEY,
    vat_percent: 12,
  });
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl, ...seeded } satisfies PaymeReady)}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

function startPaymeServer(env: Record<string, string>): Promise<{ ready: PaymeReady; stop: () => void }> {
  const root = join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/payme.ts', '--serve'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`Payme bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (text) => {
      if (text.startsWith('READY ')) {
        resolve({ ready: JSON.parse(text.slice(6)) as PaymeReady, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A new diner's order at table `n` and its Payme payment: the payment's id and amount in tiyin. */
async function newPayment(ready: PaymeReady, n: number): Promise<{ id: string; tiyin: number }> {
  const headers = { 'x-forwarded-for': phoneAddress(n + 1) };
  await post(
    `${ready.baseUrl}/menu/${ready.slug}/orders`,
    { ...headers, 'idempotency-key': randomUUID() },
    orderBody(ready, n),
  );
  const made = (await post(
    `${ready.baseUrl}/menu/${ready.slug}/payments`,
    { ...headers, 'idempotency-key': randomUUID() },
    JSON.stringify({ table_id: ready.tableTokens[n % ready.tableTokens.length], provider: 'payme', tip: 1000 }),
  )) as { data: { _id: string; amount: number } };
  return { id: made.data._id, tiyin: Math.round(made.data.amount * 100) };
}

let rpcId = 0;

/** One of Payme's calls; throws unless it is answered a result (a bench of refusals measures nothing). */
async function rpc(ready: PaymeReady, method: string, params: object): Promise<Record<string, unknown>> {
  const answer = (await post(
    `${ready.baseUrl}/payments/payme/${ready.restaurantId}`,
    { authorization: AUTHORIZATION },
    JSON.stringify({ method, params, id: ++rpcId }),
  )) as { result?: Record<string, unknown>; error?: unknown };
  if (!answer.result) throw new Error(`${method} answered ${JSON.stringify(answer)}`);
  return answer.result;
}

/** Milliseconds `step` took. */
async function timed(step: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

/** Check + Create + Perform for one payment, as Payme calls them: the milliseconds of each. */
async function roundTrip(ready: PaymeReady, payment: { id: string; tiyin: number }): Promise<number[]> {
  const account = { order_id: payment.id };
  const id = randomUUID().replaceAll('-', '').slice(0, 24);
  let state: unknown;
  return [
    await timed(() => rpc(ready, 'CheckPerformTransaction', { amount: payment.tiyin, account })),
    await timed(() => rpc(ready, 'CreateTransaction', { id, time: Date.now(), amount: payment.tiyin, account })),
    await timed(async () => {
      state = (await rpc(ready, 'PerformTransaction', { id })).state;
      if (state !== 2) throw new Error(`PerformTransaction answered state ${String(state)}`);
    }),
  ];
}

export interface PaymeRoundTrip {
  database: string;
  rounds: number;
  /** The three calls together. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Each call's median: CheckPerformTransaction, CreateTransaction, PerformTransaction. */
  callsP50Ms: [check: number, create: number, perform: number];
  /** GET /health one at a time on the same server, the same number of times: what the machine gives at the moment. */
  healthP50Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * The Payme round trip, `rounds` times one after the other (after `warmUp` rounds not counted: JIT and the database's
 * caches), on PGlite or, with `databaseUrl`, on a scratch PostgreSQL database beside it.
 */
export async function benchPaymeRoundTrip(
  options: { rounds?: number; warmUp?: number; databaseUrl?: string } = {},
): Promise<PaymeRoundTrip> {
  const rounds = options.rounds ?? 300;
  const warmUp = options.warmUp ?? 30;
  const { ready, stop } = await startPaymeServer({
    DATABASE_URL: options.databaseUrl ?? '',
    BENCH_PAYME_TABLES: String(rounds + warmUp),
  });
  try {
    const trips: number[][] = [];
    for (let n = 0; n < rounds + warmUp; n++) {
      const calls = await roundTrip(ready, await newPayment(ready, n));
      if (n >= warmUp) trips.push(calls);
    }
    const health: number[] = [];
    for (let n = 0; n < rounds; n++)
      health.push(await timed(() => fetch(`${ready.baseUrl}/health`).then((r) => r.text())));
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const totals = sorted(trips.map((calls) => calls.reduce((sum, ms) => sum + ms, 0)));
    const callP50 = (i: number) => round(percentile(sorted(trips.map((calls) => calls[i]!)), 50));
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      rounds,
      p50Ms: round(percentile(totals, 50)),
      p99Ms: round(percentile(totals, 99)),
      maxMs: round(totals.at(-1)!),
      callsP50Ms: [callP50(0), callP50(1), callP50(2)],
      healthP50Ms: round(percentile(sorted(health), 50)),
    };
  } finally {
    stop();
  }
}

/** Prints the round trip on PGlite and, when DATABASE_URL is set, on PostgreSQL, against the 30 ms goal. */
export async function reportPayme(options: { rounds?: number } = {}): Promise<void> {
  console.log('\nPayme: CheckPerformTransaction + CreateTransaction + PerformTransaction, one payment at a time…');
  const rows: Array<Record<string, string | number>> = [];
  const databases: Array<string | undefined> = [undefined];
  if (process.env.DATABASE_URL) databases.push(process.env.DATABASE_URL);
  for (const databaseUrl of databases) {
    const r = await benchPaymeRoundTrip({ ...options, ...(databaseUrl ? { databaseUrl } : {}) });
    rows.push({
      database: r.database,
      rounds: r.rounds,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'max ms': r.maxMs,
      'check/create/perform p50 ms': r.callsP50Ms.join(' / '),
      '/health p50 ms': r.healthP50Ms,
      'goal p99 ≤ 30 ms': r.p99Ms <= 30 ? 'met' : 'missed',
    });
  }
  console.log(`\n${table(rows)}`);
}

// Run as a script only: imported, it serves nothing.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--serve')) await serve();
  else await reportPayme({ rounds: Number(process.env.BENCH_PAYME_ROUNDS ?? 300) });
}
