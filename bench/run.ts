import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchSample } from '../server/dev/bench-data';
import { reportFriday } from './friday';
import { reportInsights } from './insights';
import { reportKitchen } from './kitchen';
import { reportKitchenFrames } from './kitchen-frames';
import { measure, table } from './measure';
import { benchMenu, benchMenuLanguages, benchMenuVsBare } from './menu';
import { reportMenuFacts } from './menu-facts';
import { reportOrders } from './orders';
import { reportPanel } from './panel';
import { reportPayme } from './payme';
import { reportSpread } from './spread';
import { benchSseFanOut } from './sse';
import { reportStartup } from './startup';
import { benchAvailabilityMove, benchStopListRender, loginToken, type StopListBenchData } from './stoplist';
import { reportTelegram } from './telegram';
import { reportTill } from './till';

/**
 * `npm run bench`: first `npm start`'s start-up time and memory (bench/startup.ts), then starts bench/server.ts
 * (100 restaurants x 200 products on PGlite) in its own process and measures on loopback, each for a bounded time,
 * next to a trivial GET /health measured in the same run. The ratio to /health is the figure to watch (absolute
 * numbers depend on the machine). Reports; asserts nothing.
 */
interface Ready {
  baseUrl: string;
  sample: BenchSample;
  stopList: StopListBenchData;
  admin: { login: string; password: string };
}

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

// BENCH_SCALE=1: the data-scale comparison instead (bench/scale.ts).
if (process.env.BENCH_SCALE === '1') {
  const { runScaleBench } = await import('./scale');
  await runScaleBench();
  process.exit(0);
}

function startServer(): Promise<{ ready: Ready; stop: () => void }> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('READY ')) {
        resolve({ ready: JSON.parse(line.slice(6)) as Ready, stop: () => child.kill('SIGTERM') });
      }
    });
  });
}

// BENCH_ONLY=startup,menu-facts,reads,stoplist,sse,panel,orders,telegram,payme,till,kitchen,kitchen-frames,spread,friday,insights,storage,proxy: only those sections (the
// panel's Lighthouse runs take minutes); all by default.
const only = new Set(
  (
    process.env.BENCH_ONLY ??
    'startup,menu-facts,reads,stoplist,sse,panel,orders,telegram,payme,till,kitchen,kitchen-frames,spread,friday,insights,storage,proxy'
  )
    .split(',')
    .map((s) => s.trim()),
);
// BENCH_DIST: the panel build to serve and measure (bench/server.ts); dist/ by default.
const distDir = process.env.BENCH_DIST || join(root, 'dist');

// First, before any other server runs: `npm start`'s time to its first /health and its memory (bench/startup.ts).
if (only.has('startup')) await reportStartup();
// The menu page's bytes and render time with every dish tagged, against the same menu without facts (in-process, no server).
if (only.has('menu-facts')) await reportMenuFacts();
// The sections measured on bench/server.ts's data (the others start servers of their own).
if (['reads', 'stoplist', 'sse', 'panel'].some((section) => only.has(section))) await benchOnSeededServer();
// Order creation next to /health, on a server process of its own (bench/orders.ts), after the other stopped.
if (only.has('orders')) await reportOrders({ seconds });
// The same order creation with Telegram delivery on, and the time from an order to its sendMessage.
if (only.has('telegram')) await reportTelegram({ seconds });
// Payme's Check + Create + Perform for one payment, on a server process of its own (bench/payme.ts; goal p99 ≤ 30 ms).
if (only.has('payme')) await reportPayme({ rounds: Number(process.env.BENCH_PAYME_ROUNDS ?? 300) });
// Orders into the till: order → command Success at the iiko simulator, and the diner's rate with and without a till.
if (only.has('till')) await reportTill({ seconds });
// The kitchen: order → its card on 20 kitchen displays' live streams.
if (only.has('kitchen')) await reportKitchen();
// The kitchen display in Chromium with 60 open cards: its frame times while timers tick, an order arrives, a dish is tapped.
if (only.has('kitchen-frames')) {
  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) await reportKitchenFrames();
  else console.log('Kitchen display frames skipped: no Chromium at /usr/bin/chromium.');
}
// The menu pages of 2,500 restaurants in four languages against one restaurant's, on a server of its own (bench/spread.ts).
if (only.has('spread')) await reportSpread({ seconds });
// A busy evening of a chain on two server processes and one PostgreSQL database (bench/friday.ts; needs DATABASE_URL).
if (only.has('friday')) await reportFriday();
// The owner's report over a year of 2,500 restaurants, and the menu with its counting on and off (bench/insights.ts; needs DATABASE_URL).
if (only.has('insights')) await reportInsights({ seconds });
// An image upload into the folder store against an S3-compatible server (s3rver): p50/p99 per upload (bench/storage-upload.ts).
if (only.has('storage')) await (await import('./storage-upload')).reportStorageUpload();
// nginx in front of one and two server processes against one direct, and a rolling restart under load (bench/proxy.ts; needs DATABASE_URL and nginx).
if (only.has('proxy')) await (await import('./proxy')).reportProxy();

async function benchOnSeededServer(): Promise<void> {
  // The manifest (vite.config.ts) tells the panel section which chunks each screen needs; an older build has none.
  if (!existsSync(join(distDir, '.vite', 'manifest.json'))) {
    console.log('Building the panel (the stop-list render benchmark opens it in Chromium)…');
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', distDir],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  }
  console.log('Seeding 100 restaurants x 200 products and starting the server…');
  const { ready, stop } = await startServer();
  const { baseUrl, sample, stopList } = ready;
  try {
    if (only.has('reads')) await reportReads(baseUrl, sample);
    const token = await loginToken(baseUrl, stopList.login, stopList.password);
    if (only.has('stoplist')) {
      const move = await benchAvailabilityMove({ baseUrl, token, ids: stopList.moveIds });
      console.log(
        `\nStop-list move, ${move.products} products of 20 categories in one call (median round trip on loopback):` +
          ` to the stop-list ${move.toStopListMs} ms, back ${move.backMs} ms.`,
      );
    }
    if (only.has('sse')) {
      // The staff's live events to 200 open panels of one restaurant (bench/sse.ts).
      const sse = await benchSseFanOut({
        baseUrl,
        token,
        restaurantId: stopList.restaurantId,
        productId: stopList.moveIds[0]!,
      });
      console.log(
        `\nLive events, ${sse.panels} open panels on one restaurant, ${sse.orders} orders: from the order POST to its event` +
          ` at all ${sse.panels} median ${sse.allMedianMs} ms, worst ${sse.allWorstMs} ms (at one panel: median` +
          ` ${sse.oneMedianMs} ms); opening the ${sse.panels} streams took ${sse.openMs} ms.`,
      );
    }
    if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
      console.log('Stop-list render and panel benchmarks skipped: no Chromium at /usr/bin/chromium.');
    } else {
      if (only.has('stoplist')) {
        const render = await benchStopListRender({ baseUrl, token, restaurantId: stopList.restaurantId });
        console.log(
          `Stop-list screen in Chromium, ${render.rows} products in ${render.categories} categories (median of runs):` +
            ` first render ${render.firstRenderMs} ms, show all ${render.showAllMs} ms,` +
            ` tick a 100-product category ${render.toggleCategoryMs} ms, untick ${render.untoggleCategoryMs} ms.`,
        );
      }
      if (only.has('panel')) {
        // The panel's bundle per route and Lighthouse (mobile) on /login, the admin list and the stop-list.
        const adminToken = await loginToken(baseUrl, ready.admin.login, ready.admin.password);
        await reportPanel({
          baseUrl,
          distDir,
          adminToken,
          manager: { token, restaurantId: stopList.restaurantId },
        });
      }
    }
  } finally {
    stop();
  }
}

/**
 * /health, every public read a diner's phone makes (each from the per-restaurant cache, target ≥ 0.8x
 * /health), the menu page, a menu for an unknown slug, and the menu page against a bare node:http server.
 */
async function reportReads(baseUrl: string, sample: BenchSample): Promise<void> {
  const health = await measure('GET /health', `${baseUrl}/health`, { seconds });
  const reads: Array<[string, string]> = [
    ['GET /user/restaurants/view?slug=', `/user/restaurants/view?slug=${sample.slug}`],
    ['GET /user/category?restaurant_id=', `/user/category?restaurant_id=${sample.restaurantId}`],
    ['GET /user/products/category/?category_id=', `/user/products/category/?category_id=${sample.categoryId}`],
    ['GET /user/products/category?category_id=', `/user/products/category?category_id=${sample.categoryId}`],
    ['GET /user/products/{id}', `/user/products/${sample.productId}`],
  ];
  const results = [health];
  for (const [name, path] of reads) results.push(await measure(name, `${baseUrl}${path}`, { seconds }));
  const menu = await benchMenu({ baseUrl, slug: sample.slug, seconds });
  results.push({
    name: 'GET /menu?slug= (200 products)',
    requestsPerSec: menu.requestsPerSec,
    p99Ms: menu.p99Ms,
    non2xx: menu.non2xx,
  });
  // A 404 is what this call answers (checked first): counted as the answer, not as an error.
  const missing = await fetch(`${baseUrl}/menu/no-such-restaurant`);
  if (missing.status !== 404) throw new Error(`GET /menu/no-such-restaurant answered ${missing.status}, not 404`);
  const unknown = await measure('GET /menu/x (unknown slug, 404)', `${baseUrl}/menu/no-such-restaurant`, { seconds });
  results.push({ ...unknown, non2xx: 0 });

  console.log(`\nLoad: ${seconds} s per call, 10 connections, loopback.\n`);
  console.log(
    table(
      results.map((r) => ({
        call: r.name,
        'requests/s': r.requestsPerSec,
        'p99 ms': r.p99Ms,
        'vs /health': `${(r.requestsPerSec / health.requestsPerSec).toFixed(2)}x`,
        errors: r.non2xx,
      })),
    ),
  );
  const publicReads = results.slice(1, 1 + reads.length);
  const slowest = publicReads.reduce((a, b) => (b.requestsPerSec < a.requestsPerSec ? b : a));
  console.log(
    `\nPublic menu transfer without images: ${menu.gzipBytes} B gzip (${menu.brotliBytes} B brotli, ${menu.htmlBytes} B raw)` +
      ` — target < 30 KB: ${menu.gzipBytes < 30 * 1024 ? 'met' : 'NOT met'};` +
      ` requests/s at least half of /health: ${menu.requestsPerSec >= health.requestsPerSec / 2 ? 'met' : 'NOT met'}.` +
      `\nEvery public read at least 0.8x /health: ${slowest.requestsPerSec >= 0.8 * health.requestsPerSec ? 'met' : 'NOT met'}` +
      ` (slowest: ${slowest.name}, ${(slowest.requestsPerSec / health.requestsPerSec).toFixed(2)}x).`,
  );

  if (sample.multilingualSlug) {
    const languages = await benchMenuLanguages({ baseUrl, slug: sample.multilingualSlug, seconds });
    console.log('\nThe menu per language (a restaurant offering all four, 200 products, `?lang=`):\n');
    console.log(
      table(
        languages.map((l) => ({
          lang: l.lang,
          'gzip B': l.gzipBytes,
          'brotli B': l.brotliBytes,
          '≤ 30 KB gzip': l.gzipBytes <= 30 * 1024 ? 'yes' : 'NO',
          'requests/s': l.requestsPerSec,
          'p99 ms': l.p99Ms,
          'vs /health': `${(l.requestsPerSec / health.requestsPerSec).toFixed(2)}x`,
          errors: l.non2xx,
        })),
      ),
    );
  }

  const versus = await benchMenuVsBare({ baseUrl, slug: sample.slug, seconds });
  console.log(
    `\nMenu page vs a bare node:http server sending the same ${versus.bytes} B of gzip with the same headers` +
      ` (bench/bare.ts, its own process): ${versus.menu.requestsPerSec} vs ${versus.bare.requestsPerSec} requests/s,` +
      ` p99 ${versus.menu.p99Ms} vs ${versus.bare.p99Ms} ms: ${versus.ratio.toFixed(2)}x (aim ≥ 0.8).`,
  );
}
