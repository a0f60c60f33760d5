import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { kitchenDevices, kitchenStations } from '../server/db/schema';
import { table } from './measure';
import { type OrdersReady, phoneAddress, seedOrderingBench } from './orders';

/**
 * The kitchen's displays (docs/kitchen.md): bench/run.ts calls `reportKitchen` (section `kitchen` of BENCH_ONLY);
 * `npx tsx bench/kitchen.ts` runs it alone. The server runs in its own process (a fresh PGlite, or DATABASE_URL) with one
 * restaurant whose every dish is made at one station and DISPLAYS paired kitchen devices of that station; this process
 * opens each device's live stream (/kitchen/events, as the display does) and places orders 100 ms apart, each at its
 * own table. Measured: from the moment an order's request is sent to its card's event on each display (goal: p99 ≤
 * 2 s on loopback).
 */

const DISPLAYS = 20;
const ORDERS = Number(process.env.BENCH_KITCHEN_ORDERS ?? 60);

interface KitchenReady extends OrdersReady {
  /** The devices' sessions (`kd_…`). */
  tokens: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('kitchen', { databaseUrl: process.env.DATABASE_URL });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', TRUST_PROXY: '127.0.0.1' });
  const seeded = await seedOrderingBench(database.db, undefined, { tables: 200 });
  const [station] = await database.db
    .insert(kitchenStations)
    .values({ restaurant_id: seeded.restaurantId, name: 'Oshxona' })
    .returning({ _id: kitchenStations._id });
  // Paired as POST /kitchen/pair leaves a device: only the session's hash is stored.
  const tokens = Array.from({ length: DISPLAYS }, () => `kd_${randomUUID()}`);
  await database.db.insert(kitchenDevices).values(
    tokens.map((token, i) => ({
      restaurant_id: seeded.restaurantId,
      station_id: station!._id,
      name: `Ekran ${i + 1}`,
      code_expires_at: new Date().toISOString(),
      token_hash: sha256(token),
      paired_at: new Date().toISOString(),
      created_by: 'bench',
    })),
  );
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl, ...seeded, tokens } satisfies KitchenReady)}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

function startKitchenServer(): Promise<{ ready: KitchenReady; stop: () => void }> {
  const root = join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/kitchen.ts', '--serve'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`kitchen bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({ ready: JSON.parse(line.slice(6)) as KitchenReady, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

/** One display's stream: calls `seen(orderId)` when an order's card event arrives. */
async function openDisplay(baseUrl: string, token: string, seen: (orderId: string) => void) {
  const ticket = await fetch(`${baseUrl}/kitchen/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (ticket.status !== 200) throw new Error(`ticket: ${ticket.status} ${await ticket.text()}`);
  const { data } = (await ticket.json()) as { data: { ticket: string } };
  const request = get(`${baseUrl}/kitchen/events?ticket=${encodeURIComponent(data.ticket)}`, { agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`stream: ${response.statusCode}`);
  response.setEncoding('utf8');
  let buffered = '';
  response.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: order.created') && data) seen((JSON.parse(data.slice(6)) as { _id: string })._id);
    }
  });
  return () => request.destroy();
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

export async function reportKitchen(): Promise<void> {
  console.log(`\nKitchen displays: ${DISPLAYS} devices' live streams, orders 100 ms apart…`);
  const { ready, stop } = await startKitchenServer();
  const closers: (() => void)[] = [];
  try {
    const arrivals = new Map<string, number[]>();
    for (const token of ready.tokens) {
      closers.push(
        await openDisplay(ready.baseUrl, token, (orderId) => {
          const list = arrivals.get(orderId) ?? [];
          list.push(Date.now());
          arrivals.set(orderId, list);
        }),
      );
    }
    const sentAt = new Map<string, number>();
    for (let i = 0; i < ORDERS; i++) {
      const sent = Date.now();
      const res = await fetch(`${ready.baseUrl}/menu/${ready.slug}/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          'x-forwarded-for': phoneAddress(3_000_000 + i),
        },
        body: JSON.stringify({
          table_id: ready.tableTokens[i],
          items: [{ product_id: ready.productIds[1], quantity: 1 }],
        }),
      });
      if (res.status !== 201) throw new Error(`POST /menu/{slug}/orders answered ${res.status}: ${await res.text()}`);
      sentAt.set(((await res.json()) as { data: { _id: string } }).data._id, sent);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const deadline = Date.now() + 15_000;
    while ([...sentAt.keys()].some((id) => (arrivals.get(id)?.length ?? 0) < DISPLAYS) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latencies = [...sentAt].flatMap(([id, sent]) => (arrivals.get(id) ?? []).map((at) => at - sent));
    const missing = sentAt.size * DISPLAYS - latencies.length;
    console.log(
      table([
        {
          displays: DISPLAYS,
          orders: sentAt.size,
          'cards shown': latencies.length,
          missing,
          'p50 ms': percentile(latencies, 50),
          'p99 ms': percentile(latencies, 99),
          'worst ms': Math.max(...latencies),
        },
      ]),
    );
    console.log('Order sent → its card on every display (goal: p99 ≤ 2000 ms on loopback).');
  } finally {
    for (const close of closers) close();
    stop();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--serve')) await serve();
  else await reportKitchen();
}
