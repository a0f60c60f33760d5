import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../../../playwright.config';
import { panelBuildIsStale } from '../../../scripts/panel-build';
import { buildServer, SERVER_ENTRY, SERVER_OUT_DIR, serverBuildIsStale } from '../../../scripts/server-build';

/** Runs `command` (a binary of node_modules/.bin) in `root`; resolves when it exits with 0. */
function run(root: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules', '.bin', command), args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

/**
 * Builds the SPA and the server (each when stale) and starts the built server with DEMO=1 on an empty temporary
 * DATA_DIR, exactly as `npm start` would; answers the teardown that stops it and removes the folder. The build is skipped when
 * dist/ is newer than everything it is made from (or when E2E_SKIP_BUILD is set), and otherwise runs while the server
 * starts: the server reads dist/ per request, and its start (the embedded database's first migration, the demo seed)
 * is the longer of the two. E2E_DIST_CURRENT tells the specs whether dist/ is known to be built from the sources.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = join(import.meta.dirname, '../../..');
  const current = !panelBuildIsStale(root);
  if (serverBuildIsStale(root) && !buildServer({ root })) throw new Error('the server did not build');
  const build = process.env.E2E_SKIP_BUILD || current ? undefined : run(root, 'vite', ['build', '--logLevel', 'warn']);
  if (build || current) process.env.E2E_DIST_CURRENT = '1';
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-e2e-'));
  // A spec may move the server's clock (support/server-clock.ts); the file lives beside the data, outside it.
  const clockFile = `${dataDir}.clock`;
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', join(root, 'tests/e2e/support/server-clock.mjs'), join(root, SERVER_OUT_DIR, SERVER_ENTRY)],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        LOGIN_RATE_MAX: '1000',
        E2E_CLOCK_FILE: clockFile,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      // The database is closed before the folder goes (a clean stop takes well under the 10 s allowed here).
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000).unref())]);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clockFile, { force: true });
    rmSync(`${clockFile}.ack`, { force: true });
  };
  const base = `http://127.0.0.1:${E2E_PORT}`;
  const started = (async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      try {
        const res = await fetch(`${base}/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const [built, listening] = await Promise.allSettled([build, started]);
  for (const outcome of [built, listening]) {
    if (outcome.status === 'rejected') {
      await stop();
      throw outcome.reason;
    }
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CLOCK_FILE = clockFile;
  process.env.E2E_SERVER_PID = String(server.pid);
  return stop;
}
