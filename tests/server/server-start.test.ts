import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  SERVER_BUILDING_LINE,
  SERVER_ENTRY,
  SERVER_METAFILE,
  serverBuildIsStale,
} from '../../scripts/server-build';
import { openDatabase } from '../../server/db/client';
import { LOCK_FILE_NAME } from '../../server/db/data-dir-lock';
import { createPglite, pgliteFolderOf } from '../../server/db/pglite';
import { users } from '../../server/db/schema';
import { ORDER_SCRIPT, ORDER_SCRIPT_PATH } from '../../server/menu/order-script';
import { hashPassword } from '../../server/passwords';
import { migratedDataDir } from '../support/server-process';

// The real server as separate processes on one data folder, as two `npm start`s would be: the server as `npm start`
// runs it, built ahead (scripts/server-build.ts) and started as plain JavaScript, here from a build of this run's own
// (once per run, in the repository's .test-output: the built server finds node_modules and the repository above it).
// The embedded database is what is at stake, so the children get an environment of their own: no DATABASE_URL even
// in CI's PostgreSQL pass.
const root = join(import.meta.dirname, '..', '..');
const builtDir = join(root, '.test-output', `server-build-${process.pid}`);
const build = { said: [] as string[], problems: '', ok: false };
const ADMIN = { login: 'boss', password: 'a-long-password' };
const children: ChildProcess[] = [];
const folders: string[] = [builtDir];

beforeAll(() => {
  build.ok = buildServer({
    root,
    outDir: builtDir,
    say: (line) => build.said.push(line),
    problems: (text) => {
      build.problems += text;
    },
  });
  if (!build.ok) throw new Error(`the server did not build:\n${build.problems}`);
}, 120_000);

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
  /**
   * Through `npm start`'s last step (startBuiltServer, scripts/server-build.ts): a process of its own that starts the
   * server and stands for it (signals, exit code). Otherwise the built server itself.
   */
  throughStart?: boolean;
  /** In a process group of its own, as a start in a terminal is: a Ctrl-C there signals the whole group. */
  ownGroup?: boolean;
  logLevel?: string;
}

function startServer(dataDir: string, port: number, options: StartOptions = {}): StartedServer {
  const recorder = options.moduleRecord ? ['--import', 'tsx', '--import', './tests/support/module-record.ts'] : [];
  const startBuilt = `import { startBuiltServer } from './scripts/server-build.ts';
startBuiltServer(${JSON.stringify({ root, outDir: builtDir })});`;
  // A recorded start through the starter gets the recorder (and tsx) from NODE_OPTIONS, below.
  const args = options.throughStart
    ? [...(options.moduleRecord ? [] : ['--import', 'tsx']), '--input-type=module', '--eval', startBuilt]
    : [...recorder, join(builtDir, SERVER_ENTRY)];
  const child = spawn(process.execPath, args, {
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
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.moduleRecord ? { MODULE_RECORD: options.moduleRecord } : {}),
      // The starter passes its environment on: the server it starts records its modules too.
      ...(options.moduleRecord && options.throughStart ? { NODE_OPTIONS: recorder.join(' ') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
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

/** A data folder as a first start leaves it, migrated and empty (the tests' template unpacked: no migration's CPU). */
function migratedFolder(): string {
  const dataDir = migratedDataDir('menyu-start-test-');
  folders.push(dataDir);
  return dataDir;
}

/**
 * A data folder as a server leaves it: migrated, with one admin. Done here rather than by a first DEMO=1 start,
 * whose demo pictures cost half a minute on a loaded machine; the servers then start in seconds.
 */
async function usedDataFolder(): Promise<string> {
  const dataDir = migratedFolder();
  const database = await openDatabase({ pglite: await createPglite(pgliteFolderOf(dataDir)), migrate: false });
  await database.db
    .insert(users)
    .values({ login: ADMIN.login, password_hash: await hashPassword(ADMIN.password), role: 'admin' });
  await database.close();
  return dataDir;
}

/** The build's metafile: which sources each file of the built server holds, and what each file imports. */
const metafile = (): Metafile => JSON.parse(readFileSync(join(builtDir, SERVER_METAFILE), 'utf8')) as Metafile;

/**
 * The repository paths of the modules a start resolved so far: for a file of the built server, the sources it was
 * bundled from (its metafile's inputs), so a start's record reads in the sources' terms.
 */
function loaded(record: string): string[] {
  if (!existsSync(record)) return [];
  const { outputs } = metafile();
  return readFileSync(record, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .flatMap((url) => {
      const path = fileURLToPath(url);
      const output = path.startsWith(builtDir) ? outputs[relative(builtDir, path).split(sep).join('/')] : undefined;
      return output ? Object.keys(output.inputs) : [relative(root, path)];
    });
}
const demoCode = (record: string) => loaded(record).filter((path) => path.startsWith('server/dev/'));

/** The built server's files a start loads before any import() runs: the entry and what it imports, and so on. */
function staticallyLoaded(meta: Metafile): Set<string> {
  const reached = new Set<string>([SERVER_ENTRY]);
  for (const file of reached) {
    for (const item of meta.outputs[file]!.imports) {
      if (item.kind === 'import-statement' && !item.external) reached.add(item.path);
    }
  }
  return reached;
}

describe("npm start's server build", () => {
  it('builds saying only "Server yig\'ilmoqda…", and the build is not stale until a source changes', () => {
    expect(build.said).toEqual([SERVER_BUILDING_LINE]);
    expect(SERVER_BUILDING_LINE).toBe("Server yig'ilmoqda…");
    expect(build.problems).toBe('');
    expect(serverBuildIsStale(root, builtDir)).toBe(false);
  });

  it("keeps demo mode's code (server/dev) in files reached only through import(), and nothing else there", () => {
    const meta = metafile();
    const atStart = staticallyLoaded(meta);
    const devFiles = Object.entries(meta.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith('server/dev/')))
      .map(([file]) => file);
    expect(devFiles.length).toBeGreaterThan(0);
    for (const file of devFiles) expect(atStart.has(file), file).toBe(false);
    // The demo seed is its own file, reached from the entry by import().
    const dynamic = meta.outputs[SERVER_ENTRY]!.imports.filter((item) => item.kind === 'dynamic-import');
    expect(dynamic.some((item) => 'server/dev/demo/seed.ts' in meta.outputs[item.path]!.inputs)).toBe(true);
  });

  it("carries the public menu's browser scripts bundled ahead: a start neither bundles them nor loads esbuild", () => {
    const meta = metafile();
    const atStart = [...staticallyLoaded(meta)];
    const sources = atStart.flatMap((file) => Object.keys(meta.outputs[file]!.inputs));
    const packages = atStart.flatMap((file) => meta.outputs[file]!.imports.filter((item) => item.external));
    expect(sources).toContain('server/menu/browser-scripts.ts');
    expect(sources.filter((path) => path.startsWith('web-menu/') || path.endsWith('browser-bundle.ts'))).toEqual([]);
    expect(packages.map((item) => item.path)).not.toContain('esbuild');
  });
});

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

    // A production start (DEMO=0) as `npm start` makes it, whose modules are recorded: it loads none of demo mode's
    // code (server/dev), and a SIGTERM to the starter closes the server, which lets the folder go.
    const record = join(tempFolder(), 'modules.txt');
    const next = startServer(dataDir, firstPort, { moduleRecord: record, throughStart: true });
    await next.running;
    expect(await logIn(firstPort)).toBe(200);
    // The table's ordering script it serves, bundled ahead by the build, is what the sources bundle.
    const script = await fetch(`http://127.0.0.1:${firstPort}${ORDER_SCRIPT_PATH}`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe(ORDER_SCRIPT);

    next.child.kill('SIGTERM');
    expect(await exitWithin(next, 20_000)).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(loaded(record)).toContain('server/app.ts'); // the record saw the start
    expect(demoCode(record)).toEqual([]);
  }, 120_000);
});

describe('stopping a start with Ctrl-C', () => {
  it('closes the server once and cleanly, though the signal reaches it twice (from the terminal and through the starter)', async () => {
    const dataDir = await usedDataFolder();
    const server = startServer(dataDir, await freePort(), { throughStart: true, ownGroup: true, logLevel: 'info' });
    await server.running;
    // A terminal's Ctrl-C signals its foreground process group: the starter, which passes it on, and the server.
    process.kill(-server.child.pid!, 'SIGINT');
    const deadline = Date.now() + 20_000;
    while (!server.output().includes('SIGINT: closing') && Date.now() < deadline) await sleep(20);
    // The starter's copy may come after the server began to close; so does this one.
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await exitWithin(server, 20_000)).toBe(0);
    // The close ran to its end: the database closed and the folder let go.
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});

describe('a start that cannot listen', () => {
  it('exits naming the port and leaves the data folder untouched (nothing migrated, nothing written)', async () => {
    const dataDir = tempFolder();
    const taken = await occupyPort(0);
    const { port } = taken.address() as { port: number };
    try {
      // Through the starter: the server's exit code is the starter's.
      const server = startServer(dataDir, port, { throughStart: true });
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
    const server = startServer(migratedFolder(), await freePort(), { demo: true, moduleRecord: record });
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
