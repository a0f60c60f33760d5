import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { serverBuildIsStale } from '../../scripts/server-build';

/**
 * The API project's tests that start real server processes (tests/support/server-process.ts) start the built server,
 * as `npm start` does: built here once per run when a source changed since the last build (`npm run build:server`,
 * in a process of its own), not compiled by every process they start. The end-to-end run then finds it built.
 */
export default function setup(): void {
  const root = join(import.meta.dirname, '..', '..');
  if (!serverBuildIsStale(root)) return;
  const build = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'server-build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the server did not build');
}
