import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchSample } from '../server/seed/bench-data';
import { measure, table } from './measure';
import { benchMenu } from './menu';

/**
 * `npm run bench`: starts bench/server.ts (100 restaurants x 200 products on PGlite) in its own process and measures
 * on loopback, each for a bounded time, next to a trivial GET /health measured in the same run. The ratio to
 * /health is the figure to watch (absolute numbers depend on the machine). Reports; asserts nothing.
 */
interface Ready {
  baseUrl: string;
  sample: BenchSample;
  admin: { login: string; password: string };
}

const root = join(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

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

console.log('Seeding 100 restaurants x 200 products and starting the server…');
const { ready, stop } = await startServer();
const { baseUrl, sample } = ready;
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
} finally {
  stop();
}
