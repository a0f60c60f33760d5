import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../../../playwright.config';

/**
 * Builds the SPA and starts the real server (tsx server/server.ts) with DEMO=1 on an empty temporary DATA_DIR,
 * exactly as `npm start` would; answers the teardown that stops it and removes the folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = join(import.meta.dirname, '../../..');
  if (!process.env.E2E_SKIP_BUILD)
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'menyu-e2e-'));
  const server: ChildProcess = spawn('npx', ['tsx', 'server/server.ts'], {
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
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${E2E_PORT}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
