import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_OUT_DIR } from '../../scripts/server-build';
import { pgliteFolderOf } from '../../server/db/pglite';
import { TEMPLATE_DUMP } from './template';

/**
 * A real server process, as `npm start` runs it (the built server, made by the API project's global setup:
 * tests/support/server-build-setup.ts), for the tests that kill one (kill -9) and start the next on the same data:
 * what survives a crash is only what a process can show.
 */

const root = join(import.meta.dirname, '..', '..');

export interface RunningServer {
  child: ChildProcess;
  url: string;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ port: 0, host }, resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server in demo mode on `dataDir` (the POS sync off), with `env` added; resolves once it says it is
 * running. `children` collects it, for the file's afterAll to kill what is left.
 */
export async function startServerProcess(
  dataDir: string,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(SERVER_OUT_DIR, SERVER_ENTRY)], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      POS_SYNC_MINUTES: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Menyu is running')) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was running:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/**
 * A new data folder holding the embedded database as a first start leaves it (migrated, empty): the tests' migrated
 * template (tests/support/global-setup.ts) unpacked, so a process started on it skips creating and migrating the
 * database, seconds of CPU that are not what the tests that kill and restart a server look at.
 */
export function migratedDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const pgdata = pgliteFolderOf(dataDir);
  mkdirSync(pgdata);
  const untar = spawnSync('tar', ['-xzf', TEMPLATE_DUMP, '-C', pgdata], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`could not unpack the database template: ${untar.stderr}`);
  return dataDir;
}

/** kill -9, resolved once the process is gone. */
export async function kill9(server: RunningServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/** Kills what a file's servers left running. */
export function killAll(children: ChildProcess[]): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** SIGTERM, as a process manager stops a service; resolves with the exit code once the process is gone. */
export async function stopGracefully(server: RunningServer): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  return exited;
}
