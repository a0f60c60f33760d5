import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start`: build the admin panel when dist/ is missing or older than its sources, then start the server.
 * Demo mode is on unless DEMO is set (DEMO=0 npm start runs without demo data and without demo passwords).
 */
const root = join(import.meta.dirname, '..');
const SOURCES = ['src', 'machines', 'client', 'lib', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > builtAt);
}

if (buildIsStale()) {
  console.log('Building the admin panel (vite build)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
process.env.DEMO ??= '1';
await import('../server/server');
