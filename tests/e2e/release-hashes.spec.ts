import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { build, type Plugin } from 'vite';

/**
 * A release of the panel that changes only app code re-downloads only what changed. The end-to-end run has just built
 * the panel into dist/ (support/global-setup.ts), or found it current; it is built once more into a temporary folder
 * with a one-line change in one screen (made by a plugin, so no source file is touched), and the asset names are
 * compared: every library chunk keeps its name (its content hash), so a phone that has the panel keeps them in its
 * cache (immutable, one year). The panel's own chunks that import shared code from the entry are renamed too (the entry names every
 * screen): see docs/benchmarks.md, the panel on a slow phone. Here, not in vitest, so the panel is built once for both.
 */

const root = join(import.meta.dirname, '../..');

/** One line of app code changed in the stop-list screen, as a release would. */
const oneLineChange: Plugin = {
  name: 'test-one-line-change',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/features/stopList/StopListScreen.tsx')) return undefined;
    return `${code}\nconsole.debug('release 2');\n`;
  },
};

const assetNames = (outDir: string) => readdirSync(join(outDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));

async function buildInto(plugins: Plugin[]): Promise<string[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'menyu-release-'));
  try {
    await build({ root, logLevel: 'silent', plugins, build: { outDir, emptyOutDir: true } });
    return assetNames(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Library chunks (vite.config.ts's groups) and Vite's runtime. */
const LIBRARY = /^(react|state|ui|vendor|dnd|rolldown-runtime)-/;

test('a release that changes one screen keeps every library chunk under the same name', async () => {
  test.setTimeout(180_000);
  // A dist/ that may predate the sources (E2E_SKIP_BUILD without a current build): the first release is built here too.
  const before = process.env.E2E_DIST_CURRENT ? assetNames(join(root, 'dist')) : await buildInto([]);
  const after = await buildInto([oneLineChange]);

  const libraries = before.filter((name) => LIBRARY.test(name));
  expect(libraries.length).toBeGreaterThanOrEqual(5);
  expect(after).toEqual(expect.arrayContaining(libraries));

  const gone = before.filter((name) => !after.includes(name));
  expect(gone.some((name) => name.startsWith('StopListScreen-'))).toBe(true);
  expect(gone.filter((name) => LIBRARY.test(name))).toEqual([]);
});
