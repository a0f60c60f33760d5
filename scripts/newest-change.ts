import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of a file, or of anything inside a folder: what decides whether a build is stale. */
export function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `built` (a build's output file) is missing or older than any of `sources` (paths under `root`). */
export function builtBeforeSources(root: string, built: string, sources: readonly string[]): boolean {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > builtAt);
}
