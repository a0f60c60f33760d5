import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { NGINX, startNginx } from '../tests/support/nginx';
import { freePort } from '../tests/support/server-process';
import { table } from './measure';
import { loadOrders, type OrdersReady, seedOrderingBench } from './orders';
import { scratchDatabase } from './scratch-database';

/**
 * The deployment's figures (section `proxy` of BENCH_ONLY; `npx tsx bench/proxy.ts` runs it alone; needs DATABASE_URL
 * and nginx): the orders bench's restaurant on a scratch PostgreSQL database, served by server processes started as
 * `npm start` starts them, measured side by side in one run:
 *
 * - the menu page and new orders, each for BENCH_SECONDS at 20 connections: one process direct, nginx in front of that
 *   one process (what the proxy costs), nginx in front of two (what a second process buys on these cores);
 * - the menu page through nginx with the app compressing (as shipped) and with nginx compressing instead;
 * - a rolling restart under load: orders through nginx while each process in turn is stopped (SIGTERM) and started
 *   again on its port, as `systemctl restart` does: every answer but a 201 is a failure (goal 0).
 *
 * nginx uses deploy/nginx-proxy.conf as shipped, behind `real_ip` from loopback, so each order's made-up phone
 * address (X-Forwarded-For) reaches the app as a diner's would through a load balancer in front of nginx: the diners'
 * per-address limits stay out of the way, as in the orders bench.
 */

const root = join(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;

interface ServerProcess {
  port: number;
  child: ChildProcess;
}

function startProcess(port: number, env: Record<string, string>, dataDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      POS_SYNC_MINUTES: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Menyu is running')) resolve({ port, child });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`a server process exited (${code}):\n${output}`)));
  });
}

function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** nginx in front of `ports`; `compress: 'nginx'` swaps the shipped rules for nginx's own gzip. */
function startProxy(work: string, name: string, ports: number[], compress: 'app' | 'nginx' = 'app') {
  // nginx compressing instead: the app is asked for plain bytes (no Accept-Encoding) and nginx gzips them.
  const rules =
    compress === 'app'
      ? undefined
      : `gzip on; gzip_types text/html application/json text/css application/javascript; gzip_comp_level 5;
    location / {
      proxy_pass http://menyu; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header Host $host; proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header Accept-Encoding "";
    }`;
  return startNginx({ dir: join(work, name), ports, rules, realIpFromLoopback: true, workers: 'auto' });
}

interface Row {
  setup: string;
  call: string;
  requestsPerSec: number;
  p99Ms: number;
  errors: number;
}

async function loadMenu(setup: string, baseUrl: string, slug: string, seconds = SECONDS): Promise<Row> {
  const result = await autocannon({
    url: `${baseUrl}/menu/${slug}`,
    duration: seconds,
    connections: CONNECTIONS,
    headers: { 'accept-encoding': 'br, gzip' },
  });
  return {
    setup,
    call: 'GET /menu/{slug}',
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

async function ordersThrough(setup: string, baseUrl: string, ready: OrdersReady, seconds = SECONDS): Promise<Row> {
  const result = await loadOrders(ready, seconds, undefined, baseUrl);
  const { requestsPerSec, p99Ms, errors } = result;
  return { setup, call: 'POST /menu/{slug}/orders', requestsPerSec, p99Ms, errors };
}

export async function reportProxy(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base || !NGINX) {
    console.log(`\nproxy: skipped (${!base ? 'needs DATABASE_URL' : 'needs nginx: apt-get install nginx'}).`);
    return;
  }
  console.log('\nBehind nginx: one process direct, nginx in front of one and of two, a rolling restart under load…');
  const scratch = await scratchDatabase(base, 'proxy');
  const work = mkdtempSync(join(tmpdir(), 'menyu-bench-proxy-'));
  const servers: ServerProcess[] = [];
  const proxies: { stop: () => Promise<void> }[] = [];
  try {
    const database = await openDatabase({ databaseUrl: scratch.url });
    const seeded = await seedOrderingBench(database.db);
    await database.close();
    const ready = { ...seeded, baseUrl: '' } satisfies OrdersReady;
    const env = { DATABASE_URL: scratch.url, JWT_SECRET: randomBytes(32).toString('hex') };
    const dataDir = join(work, 'data');
    const ports = [await freePort(), await freePort()];
    servers.push(...(await Promise.all(ports.map((port) => startProcess(port, env, dataDir)))));
    const direct = `http://127.0.0.1:${ports[0]}`;
    const one = await startProxy(work, 'one', [ports[0]!]);
    const two = await startProxy(work, 'two', ports);
    const nginxGzip = await startProxy(work, 'gzip', ports, 'nginx');
    proxies.push(one, two, nginxGzip);

    const rows: Row[] = [];
    for (const [setup, url] of [
      ['one process, direct', direct],
      ['nginx → one process', one.url],
      ['nginx → two processes', two.url],
    ] as const) {
      rows.push(await loadMenu(setup, url, ready.slug));
      rows.push(await ordersThrough(setup, url, ready));
    }
    rows.push(await loadMenu('nginx → two, nginx compressing', nginxGzip.url, ready.slug));

    // The rolling restart: orders through nginx for the whole time while each process restarts in turn.
    const restartSeconds = Math.max(SECONDS * 2, 12);
    const loading = ordersThrough('nginx → two, rolling restart', two.url, ready, restartSeconds);
    for (let i = 0; i < servers.length; i++) {
      // As docs/deploy.md restarts: the next one once nginx takes the previous one back (its fail_timeout, 3 s).
      await new Promise((resolve) => setTimeout(resolve, i === 0 ? 1000 : 3500));
      await stopProcess(servers[i]!);
      servers[i] = await startProcess(ports[i]!, env, dataDir);
    }
    rows.push(await loading);

    const baseline = (call: string) => rows.find((row) => row.setup === 'one process, direct' && row.call === call)!;
    console.log(
      `\nLoad: ${SECONDS} s per call, ${CONNECTIONS} connections, loopback, PostgreSQL; every order a new phone.\n`,
    );
    console.log(
      table(
        rows.map((row) => ({
          setup: row.setup,
          call: row.call,
          'requests/s': row.requestsPerSec,
          'p99 ms': row.p99Ms,
          'vs direct': `${(row.requestsPerSec / baseline(row.call).requestsPerSec).toFixed(2)}x`,
          errors: row.errors,
        })),
      ),
    );
    const restart = rows.at(-1)!;
    console.log(
      `proxy: rolling restart under load, ${restart.errors} failed requests of ${restartSeconds} s of orders`,
    );
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all(servers.map(stopProcess));
    await scratch.drop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await reportProxy();
