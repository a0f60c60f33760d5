import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtBeforeSources } from './newest-change';

/**
 * `npm start`'s server build. Compiling the server's TypeScript at every start (tsx) and bundling the public menu's
 * browser scripts at every start (esbuild) would cost seconds before the first request (docs/benchmarks.md, Start-up);
 * so the server is built once ahead, as the panel is, and started as plain JavaScript: esbuild bundles server/server.ts into `dist-server/` (ES modules
 * for Node; packages stay in node_modules) with the browser scripts already bundled in it. Demo mode's code
 * (server/dev), which the server loads only with import(), stays in chunks of its own that a production start never
 * loads. The build runs in its own process (scripts/server-build-child.ts) and, like the panel's, says one line and
 * then only what went wrong.
 */

export const SERVER_BUILDING_LINE = "Server yig'ilmoqda…";
export const SERVER_BUILD_FAILED_LINE = "Serverni yig'ib bo'lmadi: xatolar yuqorida.";

/** The built server's folder, its entry (what `npm start` runs) and esbuild's account of what went where. */
export const SERVER_OUT_DIR = 'dist-server';
export const SERVER_ENTRY = 'server.js';
export const SERVER_METAFILE = 'meta.json';

/**
 * Modules whose exports are computed once when they load and are plain data (the browser scripts, bundled by esbuild
 * from the sources): the build (server-build-child.ts) runs each and bundles its exports' values in place of its code,
 * so the built server neither bundles them again at start nor loads esbuild.
 */
export const PREBUILT_MODULES = [
  'server/menu/browser-scripts.ts',
  'server/dev/telegram/dev-script.ts',
  'server/dev/pos/dev-script.ts',
  'server/dev/printer/dev-script.ts',
];

/**
 * Where the build reads from: a change to any of them makes the last build stale. The server bundles lib/ and, as
 * browser scripts, web-menu/; package.json and the lock file name the packages it imports; tsconfig.json is read by
 * esbuild; the build's own scripts decide what is built.
 */
const SOURCES = [
  'server',
  'lib',
  'web-menu',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/server-build.ts',
  'scripts/server-build-child.ts',
];

/** True when `outDir` has no built server or one older than any of its sources. */
export function serverBuildIsStale(root: string, outDir = join(root, SERVER_OUT_DIR)): boolean {
  return builtBeforeSources(root, join(outDir, SERVER_ENTRY), SOURCES);
}

export interface ServerBuildOptions {
  root: string;
  /** Inside the repository: the built server finds node_modules and its root (server/project-root.ts) above it. */
  outDir?: string;
  /** Where the one line goes (the start's standard output). */
  say?: (line: string) => void;
  /** Where the build's problems go, as the build wrote them (the start's standard error). */
  problems?: (text: string) => void;
}

/** Builds the server into `outDir` saying one line; answers whether it built. */
export function buildServer({
  root,
  outDir = join(root, SERVER_OUT_DIR),
  say = (line) => console.log(line),
  problems = (text) => process.stderr.write(text),
}: ServerBuildOptions): boolean {
  say(SERVER_BUILDING_LINE);
  const run = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(import.meta.dirname, 'server-build-child.ts'), root, outDir],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...(process.stderr.isTTY ? {} : { NO_COLOR: '1' }) },
    },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`;
  if (output !== '') problems(output);
  if (run.status === 0) return true;
  problems(`${SERVER_BUILD_FAILED_LINE}\n`);
  return false;
}

/**
 * Starts the built server (`<outDir>/server.js`) as plain JavaScript in a Node process of its own and makes this
 * process stand for it, as `npm start` expects of its command: what the server prints comes through unchanged, a
 * SIGINT, SIGTERM or SIGHUP sent to this process reaches the server (which closes and exits; a Ctrl-C in a terminal
 * reaches both, and the server closes once), and this process ends as the server did: its exit code, or the signal
 * that ended it. The server takes the data folder's lock itself (server/db/data-dir-lock.ts), in its own name.
 */
export function startBuiltServer({
  root,
  outDir = join(root, SERVER_OUT_DIR),
}: {
  root: string;
  outDir?: string;
}): void {
  const server = spawn(process.execPath, [join(outDir, SERVER_ENTRY)], { cwd: root, stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const relay = (signal: NodeJS.Signals) => server.kill(signal);
  for (const signal of signals) process.on(signal, relay);
  server.on('error', (error) => {
    console.error(error.message);
    process.exit(1);
  });
  server.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    for (const each of signals) process.off(each, relay);
    process.kill(process.pid, signal);
  });
}

// `npm run build:server`: builds the server now, stale or not (a deployment building ahead of its first start).
if (import.meta.filename === process.argv[1] && !buildServer({ root: join(import.meta.dirname, '..') }))
  process.exit(1);
