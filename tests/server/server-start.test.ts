import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { LOCK_FILE_NAME } from '../../server/db/data-dir-lock';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/passwords';

// The real server (`server/server.ts`) as separate processes on one data folder, as two `npm start`s would be. The
// embedded database is what is at stake, so the children get an environment of their own: no DATABASE_URL even in
// CI's PostgreSQL pass.
const root = join(import.meta.dirname, '..', '..');
const ADMIN = { login: 'boss', password: 'a-long-password' };
const children: ChildProcess[] = [];
const folders: string[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'menyu-start-test-'));
  folders.push(folder);
  return folder;
}

async function freePort(): Promise<number> {
  const server = await occupyPort(0);
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function occupyPort(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });
}

interface StartedServer {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves when it says "Menyu is running"; rejects if it exits first. */
  running: Promise<void>;
  exited: Promise<number | null>;
}

interface StartOptions {
  demo?: boolean;
  /** A file to list every module the process resolves in (tests/support/module-record.ts). */
  moduleRecord?: string;
}

function startServer(dataDir: string, port: number, options: StartOptions = {}): StartedServer {
  const recorder = options.moduleRecord ? ['--import', './tests/support/module-record.ts'] : [];
  const child = spawn(process.execPath, ['--import', 'tsx', ...recorder, 'server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: options.demo ? '1' : '0',
      POS_SYNC_MINUTES: '0',
      LOG_LEVEL: 'warn',
      ...(options.moduleRecord ? { MODULE_RECORD: options.moduleRecord } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Menyu is running')) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    exited.then((code) => reject(new Error(`the server exited (${code}) before it was running:\n${output}`)));
  });
  running.catch(() => {});
  return { child, output: () => output, running, exited };
}

/** The exit code, or a failure if the process is still running after `ms`. */
async function exitWithin(server: StartedServer, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${server.output()}`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function logIn(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return response.status;
}

/**
 * A data folder as a server leaves it: migrated, with one admin. Done here rather than by a first DEMO=1 start,
 * whose demo pictures cost half a minute on a loaded machine; the servers then start in seconds.
 */
async function usedDataFolder(): Promise<string> {
  const dataDir = tempFolder();
  const database = await openDatabase({ dataDir });
  await database.db
    .insert(users)
    .values({ login: ADMIN.login, password_hash: await hashPassword(ADMIN.password), role: 'admin' });
  await database.close();
  return dataDir;
}

/** The repository paths of the modules a start resolved so far. */
const loaded = (record: string): string[] =>
  existsSync(record)
    ? readFileSync(record, 'utf8')
        .split('\n')
        .filter((url) => url.startsWith('file:'))
        .map((url) => relative(root, fileURLToPath(url)))
    : [];
const demoCode = (record: string) => loaded(record).filter((path) => path.startsWith('server/dev/'));

describe('one server process per data folder (embedded database)', () => {
  let dataDir: string;
  let first: StartedServer;
  let firstPort: number;
  beforeAll(async () => {
    dataDir = await usedDataFolder();
  });

  it('a second server on the same DATA_DIR exits at once naming the folder, and the first keeps serving', async () => {
    firstPort = await freePort();
    first = startServer(dataDir, firstPort);
    await first.running;

    const second = startServer(dataDir, await freePort());
    expect(await exitWithin(second, 20_000)).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toMatch(/in use by another Menyu server/);
    expect(second.output()).not.toContain('Menyu is running');

    expect(await logIn(firstPort)).toBe(200);
  }, 120_000);

  it('after the server is killed (kill -9), the next start takes the folder over with its data, loading no demo code', async () => {
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true); // left behind: nobody could remove it

    // A production start (DEMO=0), whose modules are recorded: it loads none of demo mode's code (server/dev).
    const record = join(tempFolder(), 'modules.txt');
    const next = startServer(dataDir, firstPort, { moduleRecord: record });
    await next.running;
    expect(await logIn(firstPort)).toBe(200);

    next.child.kill('SIGTERM');
    expect(await exitWithin(next, 20_000)).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(loaded(record)).toContain('server/app.ts'); // the record saw the start
    expect(demoCode(record)).toEqual([]);
  }, 120_000);
});

describe('a start that cannot listen', () => {
  it('exits naming the port and leaves the data folder untouched (nothing migrated, nothing written)', async () => {
    const dataDir = tempFolder();
    const taken = await occupyPort(0);
    const { port } = taken.address() as { port: number };
    try {
      const server = startServer(dataDir, port);
      expect(await exitWithin(server, 30_000)).not.toBe(0);
      expect(readdirSync(dataDir)).toEqual([]);
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});

describe('demo mode’s code (server/dev: the simulators, the demo seed)', () => {
  it('a demo start loads the simulators and the demo seed', async () => {
    const record = join(tempFolder(), 'modules.txt');
    const server = startServer(tempFolder(), await freePort(), { demo: true, moduleRecord: record });
    // The seed is loaded before it draws the demo pictures: the start is stopped there, not after half a minute.
    const deadline = Date.now() + 90_000;
    while (!loaded(record).includes('server/dev/demo/seed.ts') && server.child.exitCode === null) {
      if (Date.now() > deadline) throw new Error(`the demo seed was not loaded:\n${server.output()}`);
      await sleep(100);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect(demoCode(record)).toEqual(
      expect.arrayContaining(['server/dev/telegram/demo.ts', 'server/dev/pos/server.ts', 'server/dev/demo/seed.ts']),
    );
  }, 120_000);
});
