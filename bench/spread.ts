import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import autocannon from 'autocannon';
import type { Db } from '../server/db/client';
import { maintenanceOf } from '../server/db/maintenance';
import { categories, optionRows, productOptions, products, restaurants } from '../server/db/schema';
import type { MenuCacheMemoryStats } from '../server/menu/cache-memory';
import { MENU_LANGUAGES } from '../server/menu/language';
import { type Measurement, table } from './measure';

/**
 * The menu pages of a whole platform, not of one restaurant: `BENCH_ONLY=spread npm run bench` (or
 * `npx tsx bench/spread.ts`) seeds 2,500 restaurants (`BENCH_SPREAD_RESTAURANTS`) of 20 dishes
 * (`BENCH_SPREAD_PRODUCTS`), each offering uz, uz-Cyrl, ru and en with every text translated, in its own server process
 * (PGlite in a temporary DATA_DIR; with DATABASE_URL a scratch database beside it, bench/scratch-database.ts). It asks
 * for every restaurant's page in every language once (the warming pass), then loads `GET /menu/{slug}?lang=` with 20
 * connections spread over all of them, each request the next restaurant, and compares the requests/s with one warm
 * restaurant's page measured in the same run (each twice, in the order one, spread, spread, one, each keeping its
 * better run). It prints the ratio (goal ≥ 0.8: every page answered from memory), the server's CPU time per request of
 * each (which other work on the cores moves less than the requests/s), the public menu caches' estimated bytes
 * (MENU_CACHE_MB sets their budget here too) and the server's RSS. Reports; asserts nothing.
 */

const RESTAURANTS = Number(process.env.BENCH_SPREAD_RESTAURANTS ?? 2500);
const PRODUCTS = Number(process.env.BENCH_SPREAD_PRODUCTS ?? 20);
const PRODUCTS_PER_CATEGORY = 10;
const CONNECTIONS = 20;
/** Requests in flight during the warming pass: enough to keep both cores busy, few enough not to queue renders. */
const WARMING_CONCURRENCY = 8;
/** Rows per INSERT: far under PostgreSQL's 65,535 parameters for the widest table here. */
const ROWS_PER_INSERT = 2_000;
const PHONE_HEADERS = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };

interface SpreadReady {
  baseUrl: string;
  slugs: string[];
  seedMs: number;
}

interface ServerStats {
  memory: MenuCacheMemoryStats;
  rssBytes: number;
  /** The server's CPU time (user + system) since it started. */
  cpuMicros: number;
}

const slugOf = (i: number) => `spread-${i + 1}`;
const both = (ru: string, en: string) => ({ ru, en });
/** `{ ru: { field: … }, en: { field: … } }` from each field's two texts. */
const translated = (texts: Record<string, { ru: string; en: string }>) => ({
  ru: Object.fromEntries(Object.entries(texts).map(([field, t]) => [field, t.ru])),
  en: Object.fromEntries(Object.entries(texts).map(([field, t]) => [field, t.en])),
});

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/**
 * Every restaurant, category, product, option and row of the platform built in memory with their ids, then written
 * table by table in multi-row INSERTs of ROWS_PER_INSERT in one transaction: a few hundred statements in all, where
 * seeding restaurant by restaurant (server/dev/bench-data.ts) takes four per restaurant.
 */
async function seedPlatform(db: Db): Promise<string[]> {
  const restaurantRows = Array.from({ length: RESTAURANTS }, (_, r) => ({
    _id: randomUUID(),
    name: `Restoran ${r + 1}`,
    slug: slugOf(r),
    address: `Toshkent, ${r + 1}-uy`,
    phone_number: '+998 71 000 00 00',
    work_time: '09:00 - 23:00',
    languages: [...MENU_LANGUAGES],
    translations: translated({
      name: both(`Ресторан ${r + 1}`, `Restaurant ${r + 1}`),
      address: both(`Ташкент, дом ${r + 1}`, `Tashkent, house ${r + 1}`),
    }),
  }));
  const categoryRows = restaurantRows.flatMap((restaurant) =>
    Array.from({ length: Math.ceil(PRODUCTS / PRODUCTS_PER_CATEGORY) }, (_, c) => ({
      _id: randomUUID(),
      title: `Kategoriya ${c + 1}`,
      restaurant_id: restaurant._id,
      position: c,
      translations: translated({ title: both(`Категория ${c + 1}`, `Category ${c + 1}`) }),
    })),
  );
  const productRows = restaurantRows.flatMap((_, r) =>
    Array.from({ length: PRODUCTS }, (_, p) => ({
      _id: randomUUID(),
      name: `Taom ${p + 1}`,
      description: "Mazali taom: go'sht, sabzavot va ziravorlar bilan",
      price: 10_000 + ((p * 1_500) % 90_000),
      category_id:
        categoryRows[r * Math.ceil(PRODUCTS / PRODUCTS_PER_CATEGORY) + Math.floor(p / PRODUCTS_PER_CATEGORY)]!._id,
      position: p % PRODUCTS_PER_CATEGORY,
      // Every tenth dish on the stop-list, as on a real evening.
      is_active: p % 10 !== 9,
      translations: translated({
        name: both(`Блюдо ${p + 1}`, `Dish ${p + 1}`),
        description: both('Вкусное блюдо: мясо, овощи и специи', 'A tasty dish: meat, vegetables and spices'),
      }),
    })),
  );
  // Every fourth dish has a portion size of three rows.
  const optionRowsToInsert = productRows
    .filter((_, p) => p % 4 === 0)
    .map((product) => ({
      _id: randomUUID(),
      product_id: product._id,
      name: 'Porsiya',
      translations: translated({ name: both('Порция', 'Portion') }),
    }));
  const rowRows = optionRowsToInsert.flatMap((option) =>
    ['0.5', '1', '1.5'].map((size, i) => ({
      product_option_id: option._id,
      name: `${size} porsiya`,
      price: i * 6_000,
      translations: translated({ name: both(`${size} порции`, `${size} portion`) }),
    })),
  );
  await db.transaction(async (tx) => {
    await insertAll(restaurantRows, (chunk) => tx.insert(restaurants).values(chunk));
    await insertAll(categoryRows, (chunk) => tx.insert(categories).values(chunk));
    await insertAll(productRows, (chunk) => tx.insert(products).values(chunk));
    await insertAll(optionRowsToInsert, (chunk) => tx.insert(productOptions).values(chunk));
    await insertAll(rowRows, (chunk) => tx.insert(optionRows).values(chunk));
  });
  // Measured requests must not meet a planner without statistics (PGlite has no autovacuum).
  await maintenanceOf(db)?.settle();
  return restaurantRows.map((restaurant) => restaurant.slug);
}

/** The server process: seeds, listens on loopback, prints `READY <json>`; answers `stats` on stdin with `STATS <json>`. */
async function serve(): Promise<void> {
  const [{ buildApp }, { loadConfig }, { openBenchDatabase, exitOnSignal }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('./bench-process'),
  ]);
  const { database, dataDir, cleanUp } = await openBenchDatabase('spread', { databaseUrl: process.env.DATABASE_URL });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(process.env.MENU_CACHE_MB ? { MENU_CACHE_MB: process.env.MENU_CACHE_MB } : {}),
  });
  const seedStart = performance.now();
  const slugs = await seedPlatform(database.db);
  const seedMs = Math.round(performance.now() - seedStart);
  const app = await buildApp(config, { database, logger: false, distDir: join(dataDir, 'no-panel') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`READY ${JSON.stringify({ baseUrl, slugs, seedMs } satisfies SpreadReady)}`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'stats') return;
    const cpu = process.cpuUsage();
    const stats: ServerStats = {
      memory: app.menuCacheMemory.stats(),
      rssBytes: process.memoryUsage().rss,
      cpuMicros: cpu.user + cpu.system,
    };
    console.log(`STATS ${JSON.stringify(stats)}`);
  });
  exitOnSignal(async () => {
    await app.close();
    await cleanUp();
  });
}

// ---- The measuring process ----

interface SpreadServer {
  ready: SpreadReady;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

async function startSpreadServer(): Promise<SpreadServer> {
  const root = join(import.meta.dirname, '..');
  // node --import tsx (as `npm start`): the server is this child itself, so its RSS is the one it reports.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/spread.ts', '--serve'], {
    cwd: root,
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
      exited.then(() => reject(new Error(`the spread bench server exited before ${prefix.trim()}`)));
    });
  const ready = JSON.parse(await next('READY ')) as SpreadReady;
  return {
    ready,
    stats: async () => {
      const answer = next('STATS ');
      child.stdin!.write('stats\n');
      return JSON.parse(await answer) as ServerStats;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const pageUrl = (slug: string, lang: string) => `/menu/${slug}?lang=${encodeURIComponent(lang)}`;

/** Every restaurant's page in every language, once; answers the seconds it took. */
async function warm(baseUrl: string, slugs: string[]): Promise<number> {
  const paths = slugs.flatMap((slug) => MENU_LANGUAGES.map((lang) => pageUrl(slug, lang)));
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WARMING_CONCURRENCY }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const res = await fetch(`${baseUrl}${path}`, { headers: PHONE_HEADERS });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status} while warming`);
      }
    }),
  );
  return (performance.now() - start) / 1000;
}

/**
 * GET with 20 connections, the n-th request for `pathOf(n)`. Both measures go through here, one restaurant's page as
 * much as the spread: autocannon builds each request anew when it asks for its path, which costs the load generator
 * (on the same cores as the server) the same for both.
 */
async function load(
  name: string,
  baseUrl: string,
  pathOf: (n: number) => string,
  seconds: number,
): Promise<Measurement & { requests: number }> {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    duration: seconds,
    connections: CONNECTIONS,
    headers: PHONE_HEADERS,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(n++) }) }],
  });
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

/** A run's measure and the server's CPU time per request during it. */
interface Run extends Measurement {
  cpuMicrosPerRequest: number;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function reportSpread(options: { seconds?: number } = {}): Promise<void> {
  const seconds = options.seconds ?? 3;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nThe menu spread over a platform (${database}): ${RESTAURANTS} restaurants × ${PRODUCTS} dishes, ` +
      `${MENU_LANGUAGES.length} languages, its own server process…`,
  );
  const server = await startSpreadServer();
  try {
    const { baseUrl, slugs, seedMs } = server.ready;
    console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const warmSeconds = await warm(baseUrl, slugs);
    const warmed = await server.stats();
    console.log(
      `  warming pass: ${slugs.length * MENU_LANGUAGES.length} pages in ${warmSeconds.toFixed(1)} s` +
        ` (${Math.round((slugs.length * MENU_LANGUAGES.length) / warmSeconds)} pages/s, each rendered once)`,
    );

    const onePath = pageUrl(slugs[Math.floor(slugs.length / 2)]!, 'uz');
    /**
     * The server's CPU time per request is measured beside the requests/s: other work on the machine's cores moves the
     * requests/s from run to run, not what a request costs the server.
     */
    const run = async (name: string, pathOf: (n: number) => string): Promise<Run> => {
      const before = await server.stats();
      const measured = await load(name, baseUrl, pathOf, seconds);
      const after = await server.stats();
      return {
        ...measured,
        cpuMicrosPerRequest: (after.cpuMicros - before.cpuMicros) / Math.max(1, measured.requests),
      };
    };
    const one = () => run('GET /menu/{slug}?lang=uz, one warm restaurant', () => onePath);
    // Restaurant n, in language n / R: every restaurant before any of them again.
    const spread = () =>
      run(`GET /menu/{slug}?lang= over ${slugs.length} restaurants × ${MENU_LANGUAGES.length} languages`, (n) =>
        pageUrl(slugs[n % slugs.length]!, MENU_LANGUAGES[Math.floor(n / slugs.length) % MENU_LANGUAGES.length]!),
      );
    // A second of load first, not counted: the first run otherwise pays for both processes' JIT warming up.
    await load('warm-up', baseUrl, () => onePath, 1);
    // One, spread, spread, one: what else loads the machine falls on both alike; each keeps its better run.
    const runs = { one: [await one()], spread: [await spread()] };
    runs.spread.push(await spread());
    runs.one.push(await one());
    const best = (all: Run[]) => all.reduce((a, b) => (b.requestsPerSec > a.requestsPerSec ? b : a));
    const cheapest = (all: Run[]) => Math.min(...all.map((r) => r.cpuMicrosPerRequest));
    const [oneBest, spreadBest] = [best(runs.one), best(runs.spread)];
    const after = await server.stats();

    console.log(`\nLoad: ${seconds} s per run, ${CONNECTIONS} connections, loopback, the better of two runs each.\n`);
    console.log(
      table(
        [oneBest, spreadBest].map((m) => {
          const all = m === oneBest ? runs.one : runs.spread;
          return {
            call: m.name,
            'requests/s': m.requestsPerSec,
            'p99 ms': m.p99Ms,
            runs: all.map((r) => r.requestsPerSec).join(', '),
            'server CPU µs/request': all.map((r) => Math.round(r.cpuMicrosPerRequest)).join(', '),
            errors: m.non2xx,
          };
        }),
      ),
    );
    console.log('\nThe public menu caches after the load:\n');
    console.log(
      table(
        after.memory.caches.map((cache) => ({
          cache: cache.name,
          entries: cache.entries,
          'estimated bytes': mb(cache.bytes),
          'dropped for room': cache.dropped,
        })),
      ),
    );
    const ratio = spreadBest.requestsPerSec / Math.max(1, oneBest.requestsPerSec);
    const cpuRatio = cheapest(runs.one) / Math.max(1, cheapest(runs.spread));
    const droppedDuringLoad =
      after.memory.caches.reduce((sum, cache) => sum + cache.dropped, 0) -
      warmed.memory.caches.reduce((sum, cache) => sum + cache.dropped, 0);
    console.log(
      `\nspread: ${ratio.toFixed(2)}x one warm restaurant's requests/s (goal ≥ 0.8: ${ratio >= 0.8 ? 'met' : 'NOT met'}),` +
        ` ${cpuRatio.toFixed(2)}x by the server's CPU time per request;` +
        ` caches ${mb(after.memory.bytes)} of ${mb(after.memory.maxBytes)} (MENU_CACHE_MB),` +
        ` ${droppedDuringLoad} entries dropped during the load; server RSS ${mb(after.rssBytes)}` +
        ` (${mb(warmed.rssBytes)} after warming).`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv[1] && import.meta.filename === process.argv[1]) {
  await reportSpread({ seconds: Number(process.env.BENCH_SECONDS ?? 3) });
}
