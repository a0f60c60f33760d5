import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildPanel, panelBuildIsStale } from '../scripts/panel-build';
import { buildServer, serverBuildIsStale } from '../scripts/server-build';
import { scratchDatabase } from './scratch-database';

/**
 * The start-up bench (section `startup` of BENCH_ONLY; `npx tsx bench/startup.ts` runs it alone): `npm start` as a
 * person runs it, with the panel and the server built (built here first when stale, as `npm start` would), timed from
 * the spawn to the first 200 from `GET /health`, and the server's resident memory then, before any traffic. Demo mode
 * is on, as `npm start`'s default. On a data folder (or database) that an earlier start has already migrated and
 * seeded: the median of BENCH_START_RUNS (3) starts; the first start on an empty one (migrations, the embedded
 * database's first files, the demo data) is reported beside it. On PGlite, and on PostgreSQL when DATABASE_URL is set
 * (a database of its own next to DATABASE_URL's, `<name>_startup`, created afresh and dropped afterwards: the role
 * needs CREATEDB). Reports; asserts nothing.
 */

const root = join(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

interface Start {
  ms: number;
  /** The built server's resident memory, MB. */
  serverMb: number;
  /** Every process of the start (npm, the starter, the server), MB. */
  allMb: number;
  processes: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The processes of a process group: pid, resident KB, command line (Linux `ps`). */
function processesOf(group: number): Array<{ pid: number; rssKb: number; args: string }> {
  return execFileSync('ps', ['-o', 'pid=,rss=,args=', '-g', String(group)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), rssKb: Number(match[2]), args: match[3]! }));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** One `npm start` on `env`'s data, timed to its first healthy answer, then stopped. */
async function timedStart(env: NodeJS.ProcessEnv): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that the whole start (npm, the starter, the server) is measured and stopped together.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: 'warn', POS_SYNC_MINUTES: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${errors}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 180_000) throw new Error(`no healthy answer within 3 minutes:\n${errors}`);
      await sleep(20);
    }
    const ms = Math.round(performance.now() - started);
    const processes = processesOf(child.pid!);
    const server = processes.find((each) => each.args.includes('dist-server/server.js'));
    const mb = (kb: number) => Math.round(kb / 1024);
    return {
      ms,
      serverMb: mb(server?.rssKb ?? 0),
      allMb: mb(processes.reduce((sum, each) => sum + each.rssKb, 0)),
      processes: processes.length,
    };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const thousands = (n: number) => n.toLocaleString('en-US');

async function benchDatabase(name: string, databaseUrl: string | undefined): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-bench-startup-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl, 'startup') : undefined;
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' };
    const first = await timedStart(env);
    const starts: Start[] = [];
    for (let run = 0; run < RUNS; run++) starts.push(await timedStart(env));
    const times = starts.map((start) => start.ms);
    const middle = starts.find((start) => start.ms === median(times))!;
    return (
      `startup, ${name}: npm start → first /health ${thousands(middle.ms)} ms (median of ${RUNS}:` +
      ` ${thousands(Math.min(...times))}–${thousands(Math.max(...times))} ms; the first start on an empty` +
      ` ${databaseUrl ? 'database' : 'DATA_DIR'}, with migrations and the demo data, ${thousands(first.ms)} ms),` +
      ` server RSS after start ${middle.serverMb} MB (all ${middle.processes} processes of the start ${middle.allMb} MB)`
    );
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function reportStartup(): Promise<void> {
  // Built first, as `npm start` would: the starts below are the ones with both builds present.
  if (panelBuildIsStale(root) && !buildPanel({ root })) throw new Error('the panel did not build');
  if (serverBuildIsStale(root) && !buildServer({ root })) throw new Error('the server did not build');
  console.log(`\nStart-up: npm start (demo mode) to its first healthy /health, ${RUNS} starts per database…`);
  console.log(await benchDatabase('PGlite', undefined));
  if (process.env.DATABASE_URL) console.log(await benchDatabase('PostgreSQL', process.env.DATABASE_URL));
}

if (import.meta.filename === process.argv[1]) await reportStartup();
