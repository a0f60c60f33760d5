import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtBeforeSources } from './newest-change';

/**
 * `npm start`'s panel build. A first start builds the panel (tens of seconds on a slow machine), and Vite's own output
 * (its version banner, a line per file, the config loader's notice about a future default, Rolldown's plugin timings)
 * reads like a list of errors to someone who only wants the server running. So the start says one line while it
 * builds and then shows only what went wrong: the build's warnings and errors. The build runs in its own process
 * (scripts/panel-build-child.ts), which keeps Vite and Rolldown out of the server's memory.
 */

export const BUILDING_LINE = "Panel yig'ilmoqda…";
export const BUILD_FAILED_LINE = "Panelni yig'ib bo'lmadi: xatolar yuqorida.";

/**
 * What the panel's build is made from: its sources, the build's own plugins (vite.config.ts names them) and the
 * installed packages. A change to any of them makes the last build stale.
 */
const SOURCES = [
  'src',
  'machines',
  'client',
  'lib',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/purge-bootstrap.ts',
  'scripts/route-preload.ts',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

/** True when `outDir` has no build or one older than any of the panel's sources. */
export function panelBuildIsStale(root: string, outDir = join(root, 'dist')): boolean {
  return builtBeforeSources(root, join(outDir, 'index.html'), SOURCES);
}

/**
 * A Rolldown log `npm start` keeps to itself: PLUGIN_TIMINGS says which plugins took the build's time (a note for
 * whoever tunes the build, printed in yellow like a warning). Everything else is a problem worth showing.
 */
export function isBuildNoise(log: { code?: string }): boolean {
  return log.code === 'PLUGIN_TIMINGS';
}

export interface PanelBuildOptions {
  root: string;
  outDir?: string;
  /** Where the one line goes (the start's standard output). */
  say?: (line: string) => void;
  /** Where the build's problems go, as the build wrote them (the start's standard error). */
  problems?: (text: string) => void;
}

/** Builds the panel into `outDir` saying one line; answers whether it built. */
export function buildPanel({
  root,
  outDir = join(root, 'dist'),
  say = (line) => console.log(line),
  problems = (text) => process.stderr.write(text),
}: PanelBuildOptions): boolean {
  say(BUILDING_LINE);
  const run = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(import.meta.dirname, 'panel-build-child.ts'), root, outDir],
    {
      cwd: root,
      encoding: 'utf8',
      // Vite's notice that this config will need file extensions under a future default loader: not a problem of
      // this build, and Vite's documented switch turns it off.
      // Colours only for a terminal: a start logged to a file gets the problems as plain text.
      env: {
        ...process.env,
        VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
        // The served panel is the production build whatever the shell exports (NODE_ENV=test or development would
        // bundle React's development build: three times the size, and Vite's chunk-size warning).
        NODE_ENV: 'production',
        ...(process.stderr.isTTY ? {} : { NO_COLOR: '1' }),
      },
    },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`;
  if (output !== '') problems(output);
  if (run.status === 0) return true;
  problems(`${BUILD_FAILED_LINE}\n`);
  return false;
}
