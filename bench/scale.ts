import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { maintenanceOf } from '../server/db/maintenance';
import { users } from '../server/db/schema';
import { type BenchSample, seedBenchData } from '../server/dev/bench-data';
import { hashPassword } from '../server/passwords';
import { ensureAdmin } from '../server/seed/admin';
import { type Measurement, measure, table } from './measure';
import { benchMenu } from './menu';
import { scratchDatabase } from './scratch-database';
import { benchAvailabilityMove, loginToken, type StopListBenchData, seedStopListBench } from './stoplist';

/**
 * `BENCH_SCALE=1 npm run bench`: the same calls on 25 and on 2,500 restaurants × 200 products, on PGlite
 * and, when DATABASE_URL is set, on PostgreSQL; prints each call's cost at both sizes and their ratio, and last
 * `scale: worst ratio R (CALL)`. Each size is seeded by one process (batches of 100 restaurants, each one
 * transaction of multi-row inserts) into its own data folder (PostgreSQL: its own database), then served by a second
 * one, whose start-up is timed; both sizes are served at once and each call is measured on them in turn (see both());
 * the load comes from this process. Reports; asserts nothing.
 */

const root = join(import.meta.dirname, '..');
/** BENCH_SCALE_SIZES=25,250 runs a quicker pair (the measure is 25 and 2,500). */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '25,2500').split(',').map(Number);
const PRODUCTS = 200;
const BATCH = 100;
const ADMIN = { login: 'scale-admin', password: 'scale-admin-password' };

interface Ready {
  baseUrl: string;
  sample: BenchSample;
  stopList: StopListBenchData;
}

// ---- The child process: `tsx bench/scale.ts seed|serve <restaurants> <dataDir>` ----

async function seed(restaurants: number, dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  const db = database.db;
  let sample: BenchSample | undefined;
  const managerHash = await hashPassword('scale-manager-password');
  for (let from = 0; from < restaurants; from += BATCH) {
    const count = Math.min(BATCH, restaurants - from);
    const batch = await seedBenchData(db, {
      restaurants: count,
      productsPerRestaurant: PRODUCTS,
      slugPrefix: `r${from / BATCH + 1}`,
    });
    if (from <= restaurants / 2) sample = batch;
    // One manager per restaurant, as a platform of this size has (the managers list is measured too).
    await db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        login: `manager-${String(from + i + 1).padStart(5, '0')}`,
        password_hash: managerHash,
        role: 'manager' as const,
      })),
    );
    await db.execute(sql`update restaurants r set manager_id = m.id
      from (select id, row_number() over (order by login) as n from users
            where role = 'manager' and login like 'manager-%' and id not in
              (select manager_id from restaurants where manager_id is not null)) m,
           (select id, row_number() over (order by slug) as n from restaurants where manager_id is null) x
      where x.id = r.id and x.n = m.n`);
    process.stderr.write(`  seeded ${from + count} of ${restaurants} restaurants\n`);
  }
  const stopList = await seedStopListBench(db);
  await ensureAdmin(db, ADMIN.login, ADMIN.password);
  await maintenanceOf(db)?.settle();
  await database.close();
  console.log(`SEEDED ${JSON.stringify({ sample, stopList })}`);
}

async function serve(dataDir: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    LOGIN_RATE_MAX: '100000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
  const app = await buildApp(config, { database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // Its own pid: tsx runs the server in a child of the process this one spawned, whose RSS is the one to read.
  console.log(`READY ${JSON.stringify({ baseUrl: address, pid: process.pid })}`);
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

// ---- The measuring process ----

function child(args: string[], env: NodeJS.ProcessEnv): { lines: AsyncIterable<string>; kill(): void } {
  const proc = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/scale.ts', ...args],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return { lines: createInterface({ input: proc.stdout! }), kill: () => proc.kill('SIGTERM') };
}

async function lineStarting(lines: AsyncIterable<string>, prefix: string): Promise<string> {
  for await (const line of lines) if (line.startsWith(prefix)) return line.slice(prefix.length);
  throw new Error(`the child process ended before ${prefix.trim()}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Row {
  call: string;
  /** 'rps': requests/s (higher is better); 'ms': a time (lower is better); 'size': reported, no ratio. */
  kind: 'rps' | 'ms' | 'size';
  value: number;
  p99?: number;
}

/** One size, seeded and served: what the measures need of it. */
interface Target extends Ready {
  restaurants: number;
  dataDir: string;
  databaseUrl: string | undefined;
  pid: number;
  startupMs: number;
  admin: Record<string, string>;
  managerToken: string;
  stop(): Promise<void>;
}

/** Seeds one size into its own data folder (and, on PostgreSQL, its own database), then starts its server. */
async function prepareSize(restaurants: number, env: NodeJS.ProcessEnv): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), `menyu-scale-${restaurants}-`));
  const seedStart = performance.now();
  const seeder = child(['seed', String(restaurants), dataDir], env);
  const seeded = JSON.parse(await lineStarting(seeder.lines, 'SEEDED ')) as Omit<Ready, 'baseUrl'>;
  console.log(`  ${restaurants} restaurants seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

  const started = performance.now();
  const server = child(['serve', String(restaurants), dataDir], env);
  const { baseUrl, pid } = JSON.parse(await lineStarting(server.lines, 'READY ')) as { baseUrl: string; pid: number };
  const startupMs = performance.now() - started;
  const adminToken = await loginToken(baseUrl, ADMIN.login, ADMIN.password);
  return {
    ...seeded,
    baseUrl,
    restaurants,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pid,
    startupMs,
    admin: { authorization: `Bearer ${adminToken}` },
    managerToken: await loginToken(baseUrl, seeded.stopList.login, seeded.stopList.password),
    stop: async () => {
      server.kill();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each call is measured on both sizes in the order small, large, large, small, and each size keeps its better run:
 * the two servers run side by side, so whatever else loads the machine meanwhile (other work on 2 shared cores made
 * /health vary ±50 % between runs) falls on both sizes alike, and other work only ever slows a run down.
 */
async function both(small: Target, large: Target, measureOne: (target: Target) => Promise<Row>): Promise<[Row, Row]> {
  const runs = new Map<Target, Row[]>([
    [small, []],
    [large, []],
  ]);
  for (const target of [small, large, large, small]) runs.get(target)!.push(await measureOne(target));
  const better = (rows: Row[]) =>
    rows.reduce((a, b) => ((a.kind === 'rps' ? b.value > a.value : b.value < a.value) ? b : a));
  return [better(runs.get(small)!), better(runs.get(large)!)];
}

async function measureSizes(small: Target, large: Target, seconds: number): Promise<[Row[], Row[]]> {
  const rows: [Row[], Row[]] = [[], []];
  const add = async (measureOne: (target: Target) => Promise<Row>) => {
    const [s, l] = await both(small, large, measureOne);
    rows[0].push(s);
    rows[1].push(l);
  };
  const load = (name: string, path: (t: Target) => string, admin = false) =>
    add(async (t) => {
      const m: Measurement = await measure(name, `${t.baseUrl}${path(t)}`, {
        seconds,
        headers: admin ? t.admin : {},
      });
      if (m.non2xx > 0) console.log(`  ${name} (${t.restaurants}): ${m.non2xx} answers were not 2xx`);
      return { call: name, kind: 'rps', value: m.requestsPerSec, p99: m.p99Ms };
    });

  await load('GET /health', () => '/health');
  await load('GET /user/restaurants/view', (t) => `/user/restaurants/view?slug=${t.sample.slug}`);
  await load('GET /user/category', (t) => `/user/category?restaurant_id=${t.sample.restaurantId}`);
  await load('GET /user/products/category', (t) => `/user/products/category/?category_id=${t.sample.categoryId}`);
  await add(async (t) => {
    const menu = await benchMenu({ baseUrl: t.baseUrl, slug: t.sample.slug, seconds });
    return { call: 'GET /menu (cached)', kind: 'rps', value: menu.requestsPerSec, p99: menu.p99Ms };
  });
  await load('GET /admin/restaurants?page=1', () => '/admin/restaurants?page=1&limit=20', true);
  // A search answering the same rows at both sizes (the sample restaurant's slug: one match at 25 and at 2,500), so the
  // ratio is the search's cost: 'r1-5' matched 1 restaurant at 25 and 11 at 2,500, and every row answered costs the
  // same at any size (on PostgreSQL those 10 more rows were the whole difference: 1,023 -> 466 req/s, 1.07 with one match).
  await load(
    'GET /admin/restaurants?q=',
    (t) => `/admin/restaurants?q=${encodeURIComponent(t.sample.slug)}&limit=20`,
    true,
  );
  await load('GET /admin/managers?page=1', () => '/admin/managers?page=1&limit=20', true);

  // The first render after a change: a product toggled through the API, then the menu loaded (median of 20).
  await add(async (t) => {
    const renders: number[] = [];
    for (let i = 0; i < 21; i++) {
      await toggle(t, i % 2 === 0);
      const start = performance.now();
      const page = await fetch(`${t.baseUrl}/menu?slug=${t.sample.slug}`, { headers: { 'accept-encoding': 'br' } });
      await page.arrayBuffer();
      renders.push(performance.now() - start);
    }
    return { call: 'GET /menu after a change', kind: 'ms', value: Math.round(median(renders.slice(1))) };
  });

  await add(async (t) => {
    const move = await benchAvailabilityMove({
      baseUrl: t.baseUrl,
      token: t.managerToken,
      ids: t.stopList.moveIds.slice(0, 50),
    });
    return { call: 'PUT availability (50 products)', kind: 'ms', value: move.toStopListMs };
  });

  // /health while one client keeps editing and reloading a menu (the 1,113 -> 344 req/s).
  await add(async (t) => {
    let editing = true;
    const editor = (async () => {
      for (let i = 0; editing; i++) {
        await toggle(t, i % 2 === 0);
        await (
          await fetch(`${t.baseUrl}/menu?slug=${t.sample.slug}`, { headers: { 'accept-encoding': 'br' } })
        ).arrayBuffer();
      }
    })();
    const m = await measure('GET /health while menus re-render', `${t.baseUrl}/health`, { seconds });
    editing = false;
    await editor;
    await toggle(t, true);
    return { call: 'GET /health while menus re-render', kind: 'rps', value: m.requestsPerSec, p99: m.p99Ms };
  });

  for (const [i, t] of [small, large].entries()) {
    rows[i]!.push({ call: 'start-up (ms)', kind: 'ms', value: Math.round(t.startupMs) });
    // The data folder; on PostgreSQL the database's own size (DATA_DIR then holds only uploads).
    const folderMb = t.databaseUrl
      ? await databaseSizeMb(t.databaseUrl)
      : Number(execFileSync('du', ['-sm', t.dataDir]).toString().split('\t')[0]);
    rows[i]!.push({ call: 'data folder (MB)', kind: 'size', value: folderMb });
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${t.pid}/status`, 'utf8'));
    rows[i]!.push({ call: 'server RSS (MB)', kind: 'size', value: Math.round(Number(rss?.[1] ?? 0) / 1024) });
  }
  return rows;
}

/** A product of the sample restaurant switched on or off through the API (a menu change). */
async function toggle(t: Target, isActive: boolean): Promise<void> {
  const res = await fetch(`${t.baseUrl}/manager/products/${t.sample.productId}`, {
    method: 'PUT',
    headers: { ...t.admin, 'content-type': 'application/json' },
    body: JSON.stringify({ is_active: isActive }),
  });
  if (!res.ok) throw new Error(`PUT /manager/products answered ${res.status}`);
}

async function databaseSizeMb(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string }>(
      'select pg_database_size(current_database())::text as bytes',
    );
    return Math.round(Number(rows[0]!.bytes) / 1024 / 1024);
  } finally {
    await client.end();
  }
}

/** Large cost over small cost: a time's ratio, or the inverse of a throughput's. */
function ratio(small: Row, large: Row): number | undefined {
  if (small.kind === 'size') return undefined;
  return small.kind === 'rps' ? small.value / Math.max(1, large.value) : large.value / Math.max(1, small.value);
}

export async function runScaleBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const databases: [string, NodeJS.ProcessEnv][] = [['PGlite', { ...process.env, DATABASE_URL: '' }]];
  if (process.env.DATABASE_URL) databases.push(['PostgreSQL', process.env]);
  // BENCH_SCALE_DATABASES=postgres (or pglite) runs one of them only.
  const only = process.env.BENCH_SCALE_DATABASES?.toLowerCase();
  if (only) databases.splice(0, databases.length, ...databases.filter(([name]) => name.toLowerCase().startsWith(only)));
  let worst = { ratio: 0, call: '' };
  for (const [name, env] of databases) {
    console.log(`\n${name}: ${SIZES.join(' and ')} restaurants × ${PRODUCTS} products (${seconds} s per call)…`);
    const scratch: Array<{ drop(): Promise<void> }> = [];
    const envOf = async (restaurants: number): Promise<NodeJS.ProcessEnv> => {
      if (!env.DATABASE_URL) return env;
      const database = await scratchDatabase(env.DATABASE_URL, `scale_${restaurants}`);
      scratch.push(database);
      return { ...env, DATABASE_URL: database.url };
    };
    const targets: Target[] = [];
    try {
      for (const size of SIZES.slice(0, 2)) targets.push(await prepareSize(size, await envOf(size)));
      const [small, large] = await measureSizes(targets[0]!, targets[1]!, seconds);
      worst = report(name, small, large, worst);
    } finally {
      for (const target of targets) await target.stop();
      for (const database of scratch) await database.drop();
    }
  }
  console.log(`scale: worst ratio ${worst.ratio.toFixed(2)} (${worst.call})`);
}

function report(database: string, small: Row[], large: Row[], worst: { ratio: number; call: string }) {
  const cell = (row: Row) =>
    row.kind === 'rps' ? `${row.value} req/s, p99 ${row.p99} ms` : `${row.value}${row.kind === 'ms' ? ' ms' : ''}`;
  const lines = small.map((s, i) => {
    const l = large[i]!;
    const r = ratio(s, l);
    if (r !== undefined && r > worst.ratio) worst = { ratio: r, call: `${database} ${s.call}` };
    return {
      call: s.call.replace(' (ms)', '').replace(' (MB)', ' MB'),
      [`${SIZES[0]} restaurants`]: cell(s),
      [`${SIZES[1]} restaurants`]: cell(l),
      ratio: r === undefined ? '' : r.toFixed(2),
    };
  });
  console.log(`\n${database}\n${table(lines)}\n`);
  return worst;
}

const [mode, size, dir] = process.argv.slice(2);
if (mode === 'seed') await seed(Number(size), dir!);
else if (mode === 'serve') await serve(dir!);
