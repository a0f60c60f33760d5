import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { type DinerAction, dinerRequest, planEvening } from './friday-evening';
import {
  type Answered,
  EVENT_DEADLINE_MS,
  type Evening,
  type Failure,
  type OnScreen,
  reportEvening,
  STRAGGLERS_MS,
} from './friday-report';
import { FRIDAY_MANAGER, FRIDAY_RESTAURANTS, FRIDAY_TABLES, type FridayRestaurant, seedFriday } from './friday-seed';
import { scratchDatabase } from './scratch-database';
import { openPanel, type Panel } from './sse';
import { loginToken } from './stoplist';

/**
 * A busy Friday evening (section `friday` of BENCH_ONLY; `npx tsx bench/friday.ts` runs it alone): a chain of 10
 * restaurants × 30 tables of one manager on PostgreSQL (a scratch database next to DATABASE_URL), served by two server
 * processes on that one database. The manager watches every restaurant's staff events stream (one per restaurant,
 * alternating between the processes), and 300 diners, one per table, each place 1–3 orders and make 0–2 calls at
 * moments drawn from a fixed seed within a compressed evening of FRIDAY_SECONDS (60 s; ten minutes' traffic), each
 * action sent to the processes in turn (bench/friday-evening.ts).
 *
 * Measured: each order and call from sending to its answer, and each order from its answer (and from sending, the
 * diner's tap) to its `order.created` on its restaurant's stream. Errors: any answer but 201, and any order whose event
 * is not on its stream within 5 s of its answer. The goals: 0 errors, order p99 ≤ 300 ms, every order on the staff
 * screens within 1 s of its answer at p99 (bench/friday-report.ts prints them). Ends with
 * `friday: orders/s N, p99 M ms, events p99 K ms`. Without DATABASE_URL it says so in one line and returns.
 */

const root = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.FRIDAY_SECONDS ?? 60);
/** The evening's draw: change it for another evening of the same size. */
const SEED = 5;

// ---- The server process: `node --import tsx bench/friday.ts --friday-server` on DATABASE_URL (seeded, migrated) ----

async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  // The database is the parent's scratch one, seeded and migrated: shared by both processes, dropped by the parent.
  const { database, dataDir, cleanUp } = await openBenchDatabase('friday', {
    databaseUrl: process.env.DATABASE_URL,
    shared: true,
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    // Both processes sign and accept the same tokens, as a deployment behind one address does.
    JWT_SECRET: process.env.JWT_SECRET ?? '',
    LOG_LEVEL: 'silent',
    PORT: '0',
    TRUST_PROXY: '127.0.0.1',
  });
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl })}`);
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

// ---- The measuring process ----

interface FridayServer {
  baseUrl: string;
  stop(): Promise<void>;
}

function startFridayServer(databaseUrl: string, jwtSecret: string): Promise<FridayServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/friday.ts', '--friday-server'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`friday bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      const { baseUrl } = JSON.parse(line.slice(6)) as { baseUrl: string };
      resolve({ baseUrl, stop: () => stopChild(child, exited) });
    });
  });
}

/** SIGTERM (the server closes its streams and pool), SIGKILL if it has not exited within 10 s. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Seeds the chain once, through the parent (migrating the database), and analyzes it as autovacuum would. */
async function seedChain(databaseUrl: string): Promise<FridayRestaurant[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    const chain = await seedFriday(database.db);
    await database.db.execute(sql`analyze`);
    return chain;
  } finally {
    await database.close();
  }
}

/** Sends one diner's request to its process; a 201 is its answer, anything else an error. */
async function send(action: DinerAction, baseUrls: string[], chain: FridayRestaurant[]): Promise<Answered | Failure> {
  const what = action.kind === 'order' ? 'order' : 'call';
  const request = dinerRequest(action, chain);
  const sentAt = performance.now();
  try {
    const res = await fetch(`${baseUrls[action.process]}${request.path}`, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const text = await res.text();
    const answeredAt = performance.now();
    if (res.status !== 201) return { what, message: `${action.kind}: ${res.status} ${text.slice(0, 160)}` };
    return { action, sentAt, answeredAt, id: (JSON.parse(text) as { data: { _id: string } }).data._id };
  } catch (error) {
    return { what, message: `${action.kind}: ${(error as Error).message}` };
  }
}

/** Resolves when `done()` holds or at `deadline` (performance.now()), re-checking at each arrival. */
async function waitUntil(done: () => boolean, deadline: number, wakeUp: { wake?: () => void }): Promise<void> {
  while (!done() && performance.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
      wakeUp.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

async function runEvening(baseUrls: string[], chain: FridayRestaurant[]): Promise<Evening> {
  const token = await loginToken(baseUrls[0]!, FRIDAY_MANAGER.login, FRIDAY_MANAGER.password);
  const wakeUp: { wake?: () => void } = {};
  const panels: Panel[] = [];
  try {
    // One stream per restaurant, alternating: five per process, the most one user may hold open in a process
    // (MAX_STREAMS_PER_USER, server/events/hub.ts).
    for (const [i, restaurant] of chain.entries()) {
      panels.push(
        await openPanel(baseUrls[i % baseUrls.length]!, token, restaurant.restaurantId, () => wakeUp.wake?.()),
      );
    }
    await warmUp(baseUrls, chain, panels, wakeUp);

    const plan = planEvening({ restaurants: chain.length, tables: FRIDAY_TABLES, seconds: SECONDS, seed: SEED });
    const start = performance.now();
    const results = await Promise.all(
      plan.map(
        (action) =>
          new Promise<Answered | Failure>((resolve) => {
            setTimeout(() => resolve(send(action, baseUrls, chain)), action.atMs);
          }),
      ),
    );
    const answered = results.filter((r): r is Answered => 'id' in r);
    const failures = results.filter((r): r is Failure => 'what' in r);
    const orders = answered.filter((r) => r.action.kind === 'order');
    const calls = answered.filter((r) => r.action.kind !== 'order');
    const elapsedMs = Math.max(start + 1, ...answered.map((r) => r.answeredAt)) - start;

    const panelOf = (order: Answered) => panels[Math.floor(order.action.diner / FRIDAY_TABLES)]!;
    const lastAnswer = Math.max(...orders.map((order) => order.answeredAt));
    await waitUntil(
      () => orders.every((order) => panelOf(order).arrived.has(order.id)),
      lastAnswer + STRAGGLERS_MS,
      wakeUp,
    );
    const waitedUntil = performance.now();
    const onScreen = orders.map((order): OnScreen => {
      const arrived = panelOf(order).arrived.get(order.id);
      const at = arrived ?? waitedUntil;
      const streamProcess = Math.floor(order.action.diner / FRIDAY_TABLES) % baseUrls.length;
      const event = {
        afterAnswerMs: at - order.answeredAt,
        afterSendMs: at - order.sentAt,
        never: arrived === undefined,
        streamProcess,
        crossed: order.action.process !== streamProcess,
      };
      if (event.never || event.afterAnswerMs > EVENT_DEADLINE_MS) {
        const when = event.never ? 'never came' : `came ${Math.round(event.afterAnswerMs)} ms after its answer`;
        failures.push({ what: 'event', message: `order ${order.id}'s event ${when}` });
      }
      return event;
    });
    return { sent: plan.length, orders, calls, onScreen, failures, elapsedMs };
  } finally {
    for (const panel of panels) panel.close();
  }
}

/**
 * A few orders on each process before the evening (a Friday's servers have been up all day), each awaited on its
 * stream: the streams are checked to work before anything is measured.
 */
async function warmUp(
  baseUrls: string[],
  chain: FridayRestaurant[],
  panels: Panel[],
  wakeUp: { wake?: () => void },
): Promise<void> {
  const placed: Array<{ id: string; restaurant: number }> = [];
  for (const [server, baseUrl] of baseUrls.entries()) {
    for (let k = 0; k < 3; k++) {
      // The last table of each restaurant in turn: its diner's own orders stay far from the per-table threshold.
      const restaurant = (server * 3 + k) % chain.length;
      const diner = restaurant * FRIDAY_TABLES + FRIDAY_TABLES - 1;
      const request = dinerRequest({ diner, kind: 'order' }, chain);
      const res = await fetch(`${baseUrl}${request.path}`, {
        method: 'POST',
        headers: { ...request.headers, 'x-device-id': 'friday-warm-up', 'x-forwarded-for': '192.0.2.1' },
        body: request.body,
      });
      if (res.status !== 201) throw new Error(`warm-up order answered ${res.status}: ${await res.text()}`);
      placed.push({ id: ((await res.json()) as { data: { _id: string } }).data._id, restaurant });
    }
  }
  const onScreen = () => placed.every((order) => panels[order.restaurant]!.arrived.has(order.id));
  await waitUntil(onScreen, performance.now() + EVENT_DEADLINE_MS, wakeUp);
  if (!onScreen()) throw new Error('the warm-up orders did not all reach their restaurants’ streams within 5 s');
}

export async function reportFriday(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('friday: skipped, the section needs DATABASE_URL (two server processes on one PostgreSQL database).');
    return;
  }
  console.log(
    `\nA busy Friday evening: ${FRIDAY_RESTAURANTS} restaurants × ${FRIDAY_TABLES} tables, ` +
      `${FRIDAY_RESTAURANTS * FRIDAY_TABLES} diners over ${SECONDS} s, two server processes on PostgreSQL…`,
  );
  if (!(SECONDS > 0)) throw new Error(`FRIDAY_SECONDS must be a number of seconds above 0, not ${SECONDS}`);
  const scratch = await scratchDatabase(databaseUrl, `friday_${process.pid}`);
  const servers: FridayServer[] = [];
  try {
    const chain = await seedChain(scratch.url);
    const jwtSecret = randomBytes(32).toString('hex');
    for (let i = 0; i < 2; i++) servers.push(await startFridayServer(scratch.url, jwtSecret));
    reportEvening(
      await runEvening(
        servers.map((server) => server.baseUrl),
        chain,
      ),
    );
  } finally {
    for (const server of servers) await server.stop();
    await scratch.drop();
  }
}

if (process.argv.includes('--friday-server')) {
  await serve();
} else if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await reportFriday();
}
