import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 16 #7: a release of the panel that changes only app code re-downloads only what changed. The panel is built
 * twice into temporary folders, the second time with a one-line change in one screen (made by a plugin, so no
 * source file is touched), and the asset names are compared: every library chunk keeps its name (its content hash),
 * so a phone that has the panel keeps them in its cache (immutable, one year). The panel's own chunks that import
 * shared code from the entry are renamed too (the entry names every screen): see docs/benchmarks.md, the panel on a slow phone.
 */

const root = join(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** One line of app code changed in the stop-list screen, as a release would. */
const oneLineChange: Plugin = {
  name: 'test-one-line-change',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/features/stopList/StopListScreen.tsx')) return undefined;
    return `${code}\nconsole.debug('release 2');\n`;
  },
};

async function assetNames(plugins: Plugin[]): Promise<string[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'menyu-release-'));
  folders.push(outDir);
  await build({ root, logLevel: 'silent', plugins, build: { outDir, emptyOutDir: true } });
  return readdirSync(join(outDir, 'assets')).filter((name) => /\.(js|css)$/.test(name));
}

/** Library chunks (vite.config.ts's groups) and Vite's runtime. */
const LIBRARY = /^(react|state|ui|vendor|dnd|rolldown-runtime)-/;

describe('a release that changes one screen', () => {
  it('keeps every library chunk under the same name and renames the changed screen', async () => {
    const before = await assetNames([]);
    const after = await assetNames([oneLineChange]);

    const libraries = before.filter((name) => LIBRARY.test(name));
    expect(libraries.length).toBeGreaterThanOrEqual(5);
    expect(after).toEqual(expect.arrayContaining(libraries));

    const gone = before.filter((name) => !after.includes(name));
    expect(gone.some((name) => name.startsWith('StopListScreen-'))).toBe(true);
    expect(gone.filter((name) => LIBRARY.test(name))).toEqual([]);
  }, 180_000);
});
