import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchSample } from '../server/seed/bench-data';
import { measure, table } from './measure';
import { benchMenu } from './menu';
import { reportPanel } from './panel';
import { benchAvailabilityMove, benchStopListRender, loginToken, type StopListBenchData } from './stoplist';

/**
 * `npm run bench`: starts bench/server.ts (100 restaurants x 200 products on PGlite) in its own process and measures
 * on loopback, each for a bounded time, next to a trivial GET /health measured in the same run. The ratio to
 * /health is the figure to watch (absolute numbers depend on the machine). Reports; asserts nothing.
 */
interface Ready {
  baseUrl: string;
  sample: BenchSample;
  stopList: StopListBenchData;
  admin: { login: string; password: string };
}

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

// BENCH_SCALE=1: the data-scale comparison of issue 13 instead (bench/scale.ts).
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

// The manifest (vite.config.ts) tells the panel section which chunks each screen needs; an older build has none.
if (!existsSync(join(root, 'dist', '.vite', 'manifest.json'))) {
  console.log('Building the panel (the stop-list render benchmark opens it in Chromium)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
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
  const health = await measure('GET /health', `${baseUrl}/health`, { seconds });
  const results = [
    health,
    await measure(
      'GET /user/products/category/?category_id=',
      `${baseUrl}/user/products/category/?category_id=${sample.categoryId}`,
      { seconds },
    ),
    await measure('GET /user/restaurants/view?slug=', `${baseUrl}/user/restaurants/view?slug=${sample.slug}`, {
      seconds,
    }),
  ];
  const menu = await benchMenu({ baseUrl, slug: sample.slug, seconds });
  results.push({
    name: 'GET /menu?slug= (200 products)',
    requestsPerSec: menu.requestsPerSec,
    p99Ms: menu.p99Ms,
    non2xx: menu.non2xx,
  });

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
  console.log(
    `\nPublic menu transfer without images: ${menu.gzipBytes} B gzip (${menu.brotliBytes} B brotli, ${menu.htmlBytes} B raw)` +
      ` — target < 30 KB: ${menu.gzipBytes < 30 * 1024 ? 'met' : 'NOT met'};` +
      ` requests/s at least half of /health: ${menu.requestsPerSec >= health.requestsPerSec / 2 ? 'met' : 'NOT met'}.`,
  );

  const token = await loginToken(baseUrl, stopList.login, stopList.password);
  const move = await benchAvailabilityMove({ baseUrl, token, ids: stopList.moveIds });
  console.log(
    `\nStop-list move, ${move.products} products of 20 categories in one call (median round trip on loopback):` +
      ` to the stop-list ${move.toStopListMs} ms, back ${move.backMs} ms.`,
  );
  if (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    const render = await benchStopListRender({ baseUrl, token, restaurantId: stopList.restaurantId });
    console.log(
      `Stop-list screen in Chromium, ${render.rows} products in ${render.categories} categories (median of runs):` +
        ` first render ${render.firstRenderMs} ms, show all ${render.showAllMs} ms,` +
        ` tick a 100-product category ${render.toggleCategoryMs} ms, untick ${render.untoggleCategoryMs} ms.`,
    );
    // Issue 16: the panel's bundle per route and Lighthouse (mobile) on /login, the admin list and the stop-list.
    const adminToken = await loginToken(baseUrl, ready.admin.login, ready.admin.password);
    await reportPanel({
      baseUrl,
      distDir: join(root, 'dist'),
      adminToken,
      manager: { token, restaurantId: stopList.restaurantId },
    });
  } else {
    console.log('Stop-list render benchmark skipped: no Chromium at /usr/bin/chromium.');
  }
} finally {
  stop();
}
