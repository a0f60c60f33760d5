import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, notExists } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { categories, productOptions, products, restaurants, restaurantTables, users } from '../server/db/schema';
import { SAMPLE_ORGANIZATIONS } from '../server/dev/pos/sample-data';
import { type PosSimulator, startPosSimulator } from '../server/dev/pos/server';
import { table } from './measure';
import { loadOrders, type OrdersReady, phoneAddress, seedOrderingBench } from './orders';

/**
 * Orders into the till (docs/integration.md, "Orders into the POS"): bench/run.ts calls `reportTill` (section `till`
 * of BENCH_ONLY); `npx tsx bench/till.ts` runs it alone. The iiko simulator runs in this process (real HTTP); the
 * server in its own (`bench/till.ts --serve`, a fresh PGlite) with two restaurants: one imported from the simulator
 * (every order goes to the till) and one of the panel's (none does). Measured:
 * - the time from an order's answer to its command's Success at the simulator, the simulator's own delay taken off
 *   (goal: p99 ≤ 1 s on loopback), orders 100 ms apart at different tables;
 * - the diner's order rate at both restaurants of the same server, one after the other, its sender first stopped and
 *   then on: sending is never in the diner's request, so the restaurant with a till takes orders as fast; what the
 *   sending beside it costs shows in the third row (on this machine the simulator and the load share the two cores).
 */

/** The simulator's delay before it carries a command out (its default): iiko's own time, not ours. */
const COMMAND_DELAY_MS = 50;
const TABLES = 300;
const PACED_ORDERS = Number(process.env.BENCH_TILL_ORDERS ?? 60);

interface TillReady extends OrdersReady {
  /** The restaurant with the till: its slug, table tokens (POS tables) and an order's lines. */
  till: { slug: string; tableTokens: string[]; items: { product_id: string; quantity: number }[] };
}

/** Dishes of the imported menu that need no choice: the lines of the till restaurant's orders. */
async function plainDishes(db: Db, restaurantId: string): Promise<string[]> {
  const rows = await db
    .select({ _id: products._id })
    .from(products)
    .innerJoin(categories, eq(categories._id, products.category_id))
    .where(
      and(
        eq(categories.restaurant_id, restaurantId),
        eq(products.is_active, true),
        eq(categories.is_active, true),
        notExists(db.select().from(productOptions).where(eq(productOptions.product_id, products._id))),
      ),
    )
    .limit(3);
  return rows.map((row) => row._id);
}

/** The server process: two restaurants, the till sender on; prints `READY <json>` and serves until killed. */
async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }, { createIntegrationRestaurant }] =
    await Promise.all([
      import('../server/app'),
      import('../server/config'),
      import('./bench-process'),
      import('../server/domain/integration/create-restaurant'),
    ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('till', { databaseUrl: process.env.DATABASE_URL });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    TRUST_PROXY: '127.0.0.1',
    IIKO_API_URL: process.env.IIKO_API_URL!,
    IIKO_API_LOGIN: process.env.IIKO_API_LOGIN!,
  });
  const plain = await seedOrderingBench(database.db);
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const [manager] = await database.db
    .insert(users)
    .values({ login: 'bench-till', password_hash: 'not-a-password', role: 'manager' })
    .returning({ _id: users._id });
  const { restaurantId } = await createIntegrationRestaurant(
    { db: app.db, work: app.work },
    app.integration,
    process.env.BENCH_TILL_ORGANIZATION!,
    manager!._id,
  );
  const [restaurant] = await database.db
    .update(restaurants)
    .set({ ordering_enabled: true })
    .where(eq(restaurants._id, restaurantId))
    .returning({ slug: restaurants.slug });
  const tables = await database.db
    .select({ token: restaurantTables.token })
    .from(restaurantTables)
    .where(and(eq(restaurantTables.restaurant_id, restaurantId), eq(restaurantTables.source, 'pos')));
  const dishes = await plainDishes(database.db, restaurantId);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // The same server with its sender stopped: what the diner's request costs without the sending beside it.
  if (process.env.BENCH_TILL_SENDER === 'off') await app.tillSender.stop();
  const ready: TillReady = {
    baseUrl,
    ...plain,
    till: {
      slug: restaurant!.slug,
      tableTokens: tables.map((row) => row.token),
      items: dishes.map((product_id, index) => ({ product_id, quantity: index + 1 })),
    },
  };
  console.log(`READY ${JSON.stringify(ready)}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

function startTillServer(
  sim: PosSimulator,
  organizationId: string,
  env: Record<string, string> = {},
): Promise<{ ready: TillReady; stop: () => void }> {
  const root = join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/till.ts', '--serve'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        IIKO_API_URL: sim.url,
        IIKO_API_LOGIN: sim.apiLogin,
        BENCH_TILL_ORGANIZATION: organizationId,
        ...env,
      },
    },
  );
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`till bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({ ready: JSON.parse(line.slice(6)) as TillReady, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** Orders 100 ms apart, each at its own table: answered → its command's Success at the simulator. */
async function pacedLatencies(sim: PosSimulator, ready: TillReady, organizationId: string): Promise<number[]> {
  const answered = new Map<string, number>();
  for (let i = 0; i < PACED_ORDERS; i++) {
    const res = await fetch(`${ready.baseUrl}/menu/${ready.till.slug}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        'x-forwarded-for': phoneAddress(2_000_000 + i),
      },
      body: JSON.stringify({
        table_id: ready.till.tableTokens[i % ready.till.tableTokens.length],
        items: ready.till.items,
      }),
    });
    if (res.status !== 201) throw new Error(`POST /menu/{slug}/orders answered ${res.status}: ${await res.text()}`);
    answered.set(((await res.json()) as { data: { _id: string } }).data._id, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const done = sim.control.tableOrders
      .orders(organizationId)
      .filter((order) => answered.has(order.id) && order.creationStatus === 'Success');
    if (done.length === answered.size) {
      // `timestamp` is when the simulator carried the order out, on this machine's clock.
      return done.map((order) => order.timestamp - answered.get(order.id)! - COMMAND_DELAY_MS);
    }
    if (Date.now() > deadline) throw new Error(`${answered.size - done.length} orders never reached the till`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function reportTill(options: { seconds?: number } = {}): Promise<void> {
  const seconds = options.seconds ?? 5;
  console.log('\nOrders into the till: an iiko simulator in this process, the server in its own…');
  const sim = await startPosSimulator();
  sim.control.tableOrders.setTimings({ commandDelayMs: COMMAND_DELAY_MS });
  const organizationId = sim.control.organizations().find((org) => org.name === SAMPLE_ORGANIZATIONS[0]!.name)!.id;
  const group = sim.control.terminals.terminalGroups(organizationId)[0]!.id;
  // Enough tables that no table reaches its threshold under the load (an order past it waits for the staff).
  const existing = sim.control.terminals.tables(group).length;
  for (let n = existing + 1; n <= TABLES; n++) sim.control.terminals.addTable(group, { number: 100 + n });
  const tillLoad = (ready: TillReady) =>
    loadOrders({ ...ready, slug: ready.till.slug, tableTokens: ready.till.tableTokens }, seconds, (n) =>
      JSON.stringify({ table_id: ready.till.tableTokens[n % ready.till.tableTokens.length], items: ready.till.items }),
    );
  try {
    // First the server with its sender stopped: the diner's request alone, at both restaurants.
    const quiet = await startTillServer(sim, organizationId, { BENCH_TILL_SENDER: 'off' });
    let withoutTill: Awaited<ReturnType<typeof loadOrders>>;
    let senderOff: Awaited<ReturnType<typeof loadOrders>>;
    try {
      // Warmed up first (JIT, the database's caches).
      await loadOrders(quiet.ready, 2);
      withoutTill = await loadOrders(quiet.ready, seconds);
      senderOff = await tillLoad(quiet.ready);
    } finally {
      quiet.stop();
    }
    const { ready, stop } = await startTillServer(sim, organizationId);
    try {
      const latencies = await pacedLatencies(sim, ready, organizationId);
      await tillLoad(ready);
      const senderOn = await tillLoad(ready);
      console.log(`\nLoad: ${seconds} s each, 20 connections, loopback; every order a new phone.\n`);
      const row = (restaurant: string, result: Awaited<ReturnType<typeof loadOrders>>) => ({
        restaurant,
        'orders/s': result.requestsPerSec,
        'p99 ms': result.p99Ms,
        errors: result.errors,
      });
      console.log(
        table([
          row('no till (the panel’s)', withoutTill),
          row('with the till, its sender stopped', senderOff),
          row('with the till, sending as it takes orders', senderOn),
        ]),
      );
      console.log(
        `\nOrder answered → its command's Success at the till, ${latencies.length} orders 100 ms apart ` +
          `(the simulator's own ${COMMAND_DELAY_MS} ms taken off): p50 ${percentile(latencies, 50)} ms, ` +
          `p99 ${percentile(latencies, 99)} ms, worst ${Math.max(...latencies)} ms (goal: p99 ≤ 1000 ms).`,
      );
    } finally {
      stop();
    }
  } finally {
    await sim.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv.includes('--serve')) await serve();
  else await reportTill({ seconds: Number(process.env.BENCH_SECONDS ?? 5) });
}
