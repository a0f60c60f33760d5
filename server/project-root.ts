import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's folder: the nearest folder above this module that holds package.json. Found from where the code
 * runs, so it is the same folder from the sources (server/) and from the built server (dist-server/ and its chunks,
 * scripts/server-build.ts): the migrations, the panel's build and the browser scripts' sources are read from there.
 */
function findProjectRoot(): string {
  const self = fileURLToPath(import.meta.url);
  for (let folder = dirname(self); ; ) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No package.json in any folder above ${self}`);
    folder = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot();

/** A path inside the repository, e.g. `fromProjectRoot('server', 'db', 'migrations')`. */
export const fromProjectRoot = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
