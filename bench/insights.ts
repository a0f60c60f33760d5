import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, openDatabase, rowsOf } from '../server/db/client';
import { insightGroups, summarizeInsights } from '../server/repositories/insights';
import { BUSY_SLUG, type ExpectedReport, INSIGHTS_MANAGER, type InsightsSeed, seedInsights } from './insights-seed';
import { table } from './measure';
import { scratchDatabase } from './scratch-database';
import { loginToken } from './stoplist';

/**
 * The owner's report (section `insights` of BENCH_ONLY; `npx tsx bench/insights.ts` runs it alone), on PostgreSQL (a
 * scratch database next to DATABASE_URL) with a year of hourly totals for 2,500 restaurants (bench/insights-seed.ts;
 * BENCH_INSIGHTS_RESTAURANTS, BENCH_INSIGHTS_DAYS), summed into days and months by the roll-up's summarizing
 * (`summarizeInsights`, each round timed) as a deployment's rounds would have by then, two goals:
 * - `GET /manager/restaurants/{id}/insights` over 365 days of the busy restaurant answers within 100 ms at p99:
 *   BENCH_INSIGHTS_ROUNDS (100) requests one after another, after a check that it answers what was seeded, and the
 *   same for 30 days and for today. When the goal is not met it prints the plan (EXPLAIN ANALYZE) of the statement
 *   the report runs, with that period's parameters (BENCH_INSIGHTS_PLAN=1 prints it anyway).
 * - the menu page's requests/s with the menu's counting on stay at least 0.9× those with it off (MENU_COUNTING=0):
 *   `GET /menu/{slug}` of the busy restaurant with 20 connections on two server processes started alike on the same
 *   database, one counting and one not, measured off, on, on, off (each keeping its better run), with each server's CPU
 *   time per request beside (other work on the cores moves the requests/s more than what a request costs).
 * Ends with `insights: report p99 N ms (365 days, 2,500 restaurants), menu counted M× uncounted`. Without DATABASE_URL
 * it says so in one line and returns (a year of 2,500 restaurants is not a PGlite's load).
 */

const root = join(import.meta.dirname, '..');
const RESTAURANTS = Number(process.env.BENCH_INSIGHTS_RESTAURANTS ?? 2500);
const DAYS = Number(process.env.BENCH_INSIGHTS_DAYS ?? 365);
const ROUNDS = Number(process.env.BENCH_INSIGHTS_ROUNDS ?? 100);
const WARM_UP_ROUNDS = 5;
const CONNECTIONS = 20;
const GOAL_P99_MS = 100;
const GOAL_RATIO = 0.9;
const PHONE_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };
const DAY_MS = 86_400_000;
/** The catch-up's rounds: every restaurant a month of days per round (the job does 500 restaurants a round). */
const SUMMARY_ROUND = { maxDays: 31, maxRestaurants: RESTAURANTS };

// ---- The server process: `node --import tsx bench/insights.ts --insights-server` on the seeded DATABASE_URL ----

async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  // The parent's scratch database, seeded and migrated: shared by both processes, dropped by the parent.
  const { database, dataDir, cleanUp } = await openBenchDatabase('insights', {
    databaseUrl: process.env.DATABASE_URL,
    shared: true,
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    JWT_SECRET: process.env.JWT_SECRET ?? '',
    LOG_LEVEL: 'silent',
    PORT: '0',
    MENU_COUNTING: process.env.MENU_COUNTING ?? '1',
  });
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl })}`);
  // `cpu` on stdin: the process's CPU time (user + system, µs) since it started.
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const cpu = process.cpuUsage();
    console.log(`CPU ${cpu.user + cpu.system}`);
  });
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

// ---- The measuring process ----

interface InsightsServer {
  baseUrl: string;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function startInsightsServer(env: Record<string, string>): Promise<InsightsServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/insights.ts', '--insights-server'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: Interface = createInterface({ input: child.stdout! });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const onLine = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', onLine);
        resolve(line.slice(prefix.length));
      };
      lines.on('line', onLine);
      exited.then(() => reject(new Error(`the insights bench server exited before ${prefix.trim()}`)));
    });
  const { baseUrl } = JSON.parse(await next('READY ')) as { baseUrl: string };
  return {
    baseUrl,
    cpuMicros: async () => {
      const answer = next('CPU ');
      child.stdin!.write('cpu\n');
      return Number(await answer);
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const dayBefore = (day: string, days: number) => new Date(Date.parse(day) - days * DAY_MS).toISOString().slice(0, 10);
/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Seeds the year, sums its days and months as the roll-up's rounds would have by then (a round per month of days for
 * every restaurant, each timed), then vacuums and analyzes as autovacuum would have; answers the seed and its seconds.
 */
async function seedYear(db: Db): Promise<{
  seed: InsightsSeed;
  seedSeconds: number;
  summarySeconds: number;
  summaryRounds: number[];
  vacuumSeconds: number;
}> {
  const start = performance.now();
  const seed = await seedInsights(db, {
    restaurants: RESTAURANTS,
    days: DAYS,
    onDay: (done, days) => {
      if (done % 73 === 0 || done === days) console.log(`  ${done} of ${days} days written`);
    },
  });
  const seedSeconds = (performance.now() - start) / 1000;
  const summaryStart = performance.now();
  const summaryRounds: number[] = [];
  for (;;) {
    const roundStart = performance.now();
    const days = await summarizeInsights(db, SUMMARY_ROUND);
    if (days === 0) break;
    summaryRounds.push((performance.now() - roundStart) / 1000);
    console.log(
      `  a round: ${days.toLocaleString('en')} restaurant-days summed (or restaurants started)` +
        ` in ${summaryRounds.at(-1)!.toFixed(1)} s`,
    );
  }
  const summarySeconds = (performance.now() - summaryStart) / 1000;
  const vacuumStart = performance.now();
  await db.execute(sql`vacuum (analyze) insight_hours`);
  await db.execute(sql`analyze`);
  return { seed, seedSeconds, summarySeconds, summaryRounds, vacuumSeconds: (performance.now() - vacuumStart) / 1000 };
}

async function tableFacts(db: Db, restaurantId: string) {
  const [facts] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select (select count(*) from insight_hours)::bigint as rows,
        (select count(*) from insight_hours where restaurant_id = ${restaurantId})::bigint as busy,
        pg_relation_size('insight_hours') as heap, pg_indexes_size('insight_hours') as indexes,
        pg_total_relation_size('insight_hours') as total,
        (select count(*) from insight_days)::bigint as day_rows,
        (select count(*) from insight_days where restaurant_id = ${restaurantId})::bigint as busy_days,
        pg_total_relation_size('insight_days') as days_total,
        (select count(*) from insight_months)::bigint as month_rows,
        (select count(*) from insight_months where restaurant_id = ${restaurantId})::bigint as busy_months,
        pg_total_relation_size('insight_months') as months_total`),
  );
  const n = (key: string) => Number(facts![key]);
  return {
    rows: n('rows'),
    busy: n('busy'),
    heap: n('heap'),
    indexes: n('indexes'),
    total: n('total'),
    dayRows: n('day_rows'),
    busyDays: n('busy_days'),
    daysTotal: n('days_total'),
    monthRows: n('month_rows'),
    busyMonths: n('busy_months'),
    monthsTotal: n('months_total'),
  };
}

interface Timing {
  period: string;
  from: string;
  to: string;
  bytes: number;
  sorted: number[];
}

/** `rounds` requests of the report one after another (after a few not counted), each timed to its last byte. */
async function timeReport(
  server: InsightsServer,
  token: string,
  restaurantId: string,
  period: { name: string; from: string; to: string },
): Promise<Timing> {
  const url = `${server.baseUrl}/manager/restaurants/${restaurantId}/insights?from=${period.from}&to=${period.to}`;
  const headers = { authorization: `Bearer ${token}` };
  const durations: number[] = [];
  let bytes = 0;
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`the ${period.name} report answered ${res.status}`);
    bytes = body.byteLength;
    if (round >= WARM_UP_ROUNDS) durations.push(ms);
  }
  return { period: period.name, from: period.from, to: period.to, bytes, sorted: durations.sort((a, b) => a - b) };
}

/** The year's report must be what was seeded: a bench of a wrong answer measures nothing. */
async function checkReport(server: InsightsServer, token: string, seed: InsightsSeed): Promise<void> {
  const res = await fetch(
    `${server.baseUrl}/manager/restaurants/${seed.restaurantId}/insights?from=${seed.firstDay}&to=${seed.lastDay}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const answer = ((await res.json()) as { data: ExpectedReport }).data;
  const fields = [
    'menu_opens',
    'orders',
    'items',
    'revenue',
    'tips',
    'unavailable_refusals',
    'median_accept_seconds',
    'median_serve_seconds',
    'slowest_call_seconds',
  ] as const;
  const wrong = fields.filter((field) => answer[field] !== seed.expected[field]);
  if (res.status !== 200 || wrong.length > 0) {
    throw new Error(
      `the year's report answered ${res.status} with ${wrong.map((f) => `${f} ${answer[f]}, not ${seed.expected[f]}`).join('; ')}`,
    );
  }
}

/**
 * The plan of the statement the report runs (server/repositories/insights.ts `insightGroups`), exactly as it builds it,
 * with the period's parameters: its `execute` is run under EXPLAIN (ANALYZE, BUFFERS) instead.
 */
async function planOf(db: Db, query: { restaurantId: string; from: string; to: string }): Promise<string> {
  const plan: string[] = [];
  const explaining = {
    execute: async (statement: SQL) => {
      const result = await db.execute(sql`explain (analyze, buffers) ${statement}`);
      plan.push(...rowsOf<{ 'QUERY PLAN': string }>(result).map((row) => row['QUERY PLAN']));
      return { rows: [] };
    },
  } as unknown as Executor;
  await insightGroups(explaining, { ...query, timeZone: 'Asia/Tashkent' });
  return plan.join('\n');
}

interface MenuRun {
  server: 'off' | 'on';
  requestsPerSec: number;
  p99Ms: number;
  non2xx: number;
  cpuMicrosPerRequest: number;
}

async function menuRun(which: 'off' | 'on', server: InsightsServer, seconds: number): Promise<MenuRun> {
  const before = await server.cpuMicros();
  const result = await autocannon({
    url: `${server.baseUrl}/menu/${BUSY_SLUG}`,
    duration: seconds,
    connections: CONNECTIONS,
    headers: PHONE_HEADERS,
  });
  const after = await server.cpuMicros();
  return {
    server: which,
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerRequest: (after - before) / Math.max(1, result.requests.total),
  };
}

export async function reportInsights(options: { seconds?: number } = {}): Promise<void> {
  const seconds = options.seconds ?? 5;
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('insights: skipped, the section needs DATABASE_URL (a year of 2,500 restaurants on PostgreSQL).');
    return;
  }
  console.log(
    `\nThe owner's report: ${RESTAURANTS} restaurants × ${DAYS} days of hourly totals on PostgreSQL ` +
      `(load average ${load()})…`,
  );
  const scratch = await scratchDatabase(databaseUrl, `insights_${process.pid}`);
  const database = await openDatabase({ databaseUrl: scratch.url });
  const servers: InsightsServer[] = [];
  try {
    const { seed, seedSeconds, summarySeconds, summaryRounds, vacuumSeconds } = await seedYear(database.db);
    const facts = await tableFacts(database.db, seed.restaurantId);
    const count = (value: number) => value.toLocaleString('en');
    console.log(
      `  seeded in ${seedSeconds.toFixed(0)} s (VACUUM ANALYZE ${vacuumSeconds.toFixed(0)} s): insight_hours holds` +
        ` ${count(facts.rows)} rows (the busy restaurant's ${count(facts.busy)}),` +
        ` ${mb(facts.total)} (table ${mb(facts.heap)}, index ${mb(facts.indexes)});` +
        ` ${seed.liveOrders} orders and ${seed.liveCalls} calls after the watermark; load average ${load()}`,
    );
    console.log(
      `  summarized in ${summarySeconds.toFixed(0)} s (${summaryRounds.length} rounds of a month of days for every` +
        ` restaurant, the slowest ${Math.max(0, ...summaryRounds).toFixed(1)} s): insight_days holds` +
        ` ${count(facts.dayRows)} rows (the busy restaurant's ${count(facts.busyDays)}), ${mb(facts.daysTotal)};` +
        ` insight_months ${count(facts.monthRows)} (the busy restaurant's ${count(facts.busyMonths)}),` +
        ` ${mb(facts.monthsTotal)}`,
    );

    const jwtSecret = randomBytes(32).toString('hex');
    const counting = await startInsightsServer({
      DATABASE_URL: scratch.url,
      JWT_SECRET: jwtSecret,
      MENU_COUNTING: '1',
    });
    servers.push(counting);
    const uncounted = await startInsightsServer({
      DATABASE_URL: scratch.url,
      JWT_SECRET: jwtSecret,
      MENU_COUNTING: '0',
    });
    servers.push(uncounted);

    // The report, on the counting server before any menu load (the menu's counts then land in the busy hour too).
    const token = await loginToken(counting.baseUrl, INSIGHTS_MANAGER.login, INSIGHTS_MANAGER.password);
    await checkReport(counting, token, seed);
    const periods = [
      { name: `${DAYS} days`, from: seed.firstDay, to: seed.lastDay },
      { name: '30 days', from: dayBefore(seed.lastDay, 29), to: seed.lastDay },
      { name: '1 day (today)', from: seed.lastDay, to: seed.lastDay },
    ];
    const timings: Timing[] = [];
    for (const period of periods) timings.push(await timeReport(counting, token, seed.restaurantId, period));
    console.log(
      `\nGET /manager/restaurants/{id}/insights of the busy restaurant, ${ROUNDS} requests one after another per period` +
        ` (after ${WARM_UP_ROUNDS} not counted), loopback:\n`,
    );
    console.log(
      table(
        timings.map((timing) => ({
          period: timing.period,
          days: `${timing.from} – ${timing.to}`,
          'p50 ms': percentile(timing.sorted, 50).toFixed(1),
          'p95 ms': percentile(timing.sorted, 95).toFixed(1),
          'p99 ms': percentile(timing.sorted, 99).toFixed(1),
          'max ms': timing.sorted.at(-1)!.toFixed(1),
          'answer KB': (timing.bytes / 1024).toFixed(1),
        })),
      ),
    );
    const yearP99 = percentile(timings[0]!.sorted, 99);
    console.log(
      `\nThe year's report p99 ${yearP99.toFixed(0)} ms (goal ≤ ${GOAL_P99_MS} ms: ` +
        `${yearP99 <= GOAL_P99_MS ? 'met' : 'NOT met'}); load average ${load()}.`,
    );
    if (yearP99 > GOAL_P99_MS || process.env.BENCH_INSIGHTS_PLAN === '1') {
      console.log(`\nThe report's statement over ${DAYS} days (EXPLAIN ANALYZE, BUFFERS):\n`);
      console.log(
        await planOf(database.db, { restaurantId: seed.restaurantId, from: seed.firstDay, to: seed.lastDay }),
      );
    }

    // The menu with and without counting: a second of each first (JIT), then off, on, on, off.
    for (const server of [uncounted, counting]) {
      await autocannon({ url: `${server.baseUrl}/menu/${BUSY_SLUG}`, duration: 1, connections: CONNECTIONS });
    }
    const runs: MenuRun[] = [];
    for (const which of ['off', 'on', 'on', 'off'] as const) {
      runs.push(await menuRun(which, which === 'on' ? counting : uncounted, seconds));
    }
    const best = (which: 'off' | 'on') =>
      runs.filter((run) => run.server === which).reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const cheapest = (which: 'off' | 'on') =>
      Math.min(...runs.filter((run) => run.server === which).map((run) => run.cpuMicrosPerRequest));
    const [off, on] = [best('off'), best('on')];
    const ratio = on.requestsPerSec / Math.max(1, off.requestsPerSec);
    console.log(
      `\nGET /menu/${BUSY_SLUG} (${CONNECTIONS} connections, ${seconds} s per run, off, on, on, off), counting off` +
        ' (MENU_COUNTING=0) and on, each server its own process on the same database:\n',
    );
    console.log(
      table(
        (['off', 'on'] as const).map((which) => {
          const all = runs.filter((run) => run.server === which);
          const kept = which === 'on' ? on : off;
          return {
            counting: which,
            'requests/s': kept.requestsPerSec,
            'p99 ms': kept.p99Ms,
            runs: all.map((run) => run.requestsPerSec).join(', '),
            'server CPU µs/request': all.map((run) => Math.round(run.cpuMicrosPerRequest)).join(', '),
            errors: all.reduce((sum, run) => sum + run.non2xx, 0),
          };
        }),
      ),
    );
    const cpuRatio = cheapest('off') / Math.max(1, cheapest('on'));
    console.log(
      `\nCounted ${ratio.toFixed(2)}× uncounted requests/s (goal ≥ ${GOAL_RATIO}: ` +
        `${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}), ${cpuRatio.toFixed(2)}× by the server's CPU time per request;` +
        ` load average ${load()}.`,
    );
    console.log(
      `insights: report p99 ${yearP99.toFixed(0)} ms (${DAYS} days, ${RESTAURANTS.toLocaleString('en')} restaurants),` +
        ` menu counted ${ratio.toFixed(2)}× uncounted`,
    );
  } finally {
    for (const server of servers) await server.stop();
    await database.close();
    await scratch.drop();
  }
}

if (process.argv.includes('--insights-server')) {
  await serve();
} else if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await reportInsights({ seconds: Number(process.env.BENCH_SECONDS ?? 5) });
}
