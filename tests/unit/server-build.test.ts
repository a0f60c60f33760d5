import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildServer,
  SERVER_BUILD_FAILED_LINE,
  SERVER_BUILDING_LINE,
  SERVER_ENTRY,
  serverBuildIsStale,
} from '../../scripts/server-build';

/**
 * `npm start` builds the server when its build is missing or older than its sources, saying one line and then only
 * the build's problems. The real build, and the built server's starts, are tests/server/server-start.test.ts's.
 */
const scratch = mkdtempSync(join(tmpdir(), 'menyu-server-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project folder of the given files (path → text), each written at `at` (seconds since 1970). */
function project(name: string, files: Record<string, string>, at = 1_000_000): string {
  const root = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), at, at);
  }
  return root;
}

/** Writes `path` at `at`; its folders keep an old time, so only the file's own time is compared. */
function touch(root: string, path: string, at: number): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), '');
  utimesSync(join(root, path), at, at);
  const settle = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) settle(join(folder, entry.name));
    }
    utimesSync(folder, 1_000_000, 1_000_000);
  };
  settle(root);
}

function run(root: string) {
  const said: string[] = [];
  let problems = '';
  const ok = buildServer({
    root,
    outDir: join(root, 'dist-server'),
    say: (line) => said.push(line),
    problems: (text) => {
      problems += text;
    },
  });
  return { ok, said, problems };
}

/** The modules the build runs to bundle their data in place, as plain strings here. */
const PREBUILT = {
  'server/menu/browser-scripts.ts': "export const BROWSER_SCRIPTS = { menu: 'm', order: 'o' };\n",
  'server/dev/telegram/dev-script.ts': "export const DEV_PAGE_SCRIPT = 'd';\n",
  'server/dev/pos/dev-script.ts': "export const DEV_PAGE_SCRIPT = 'i';\n",
  'server/dev/printer/dev-script.ts': "export const DEV_PAGE_SCRIPT = 'p';\n",
};

describe("npm start's server build", () => {
  it('is stale without a build, and again when a source of the server is saved after it', () => {
    const root = project('stale', { 'server/server.ts': '', 'server/db/migrations/0001.sql': '', 'lib/a.ts': '' });
    touch(root, 'server/server.ts', 1_000_000);
    expect(serverBuildIsStale(root)).toBe(true);
    touch(root, `dist-server/${SERVER_ENTRY}`, 2_000_000);
    expect(serverBuildIsStale(root)).toBe(false);

    // What the server does not bundle leaves the build as it is.
    touch(root, 'src/App.tsx', 3_000_000);
    touch(root, 'tests/server/x.test.ts', 3_000_000);
    expect(serverBuildIsStale(root)).toBe(false);

    for (const source of ['server/db/migrations/0002.sql', 'lib/b.ts', 'web-menu/main.ts', 'package.json']) {
      touch(root, `dist-server/${SERVER_ENTRY}`, 2_000_000);
      touch(root, source, 3_000_000);
      expect(serverBuildIsStale(root), source).toBe(true);
      touch(root, source, 1_000_000);
    }
  });

  it('shows what broke a build, and says it failed', { timeout: 60_000 }, () => {
    const root = project('broken', { ...PREBUILT, 'server/server.ts': "import { x } from './missing';\nx();\n" });
    const { ok, said, problems } = run(root);
    expect(ok).toBe(false);
    expect(said).toEqual([SERVER_BUILDING_LINE]);
    expect(SERVER_BUILDING_LINE).toBe("Server yig'ilmoqda…");
    expect(problems).toContain('Could not resolve "./missing"');
    expect(problems).toContain('server/server.ts:1');
    expect(problems.trimEnd().endsWith(SERVER_BUILD_FAILED_LINE)).toBe(true);
    expect(serverBuildIsStale(root)).toBe(true);
  });

  it('refuses a module it should bundle ahead whose exports are not plain data', { timeout: 60_000 }, () => {
    const root = project('not-data', {
      ...PREBUILT,
      'server/menu/browser-scripts.ts': 'export const BROWSER_SCRIPTS = { menu: () => "m" };\n',
      'server/server.ts': '',
    });
    const { ok, problems } = run(root);
    expect(ok).toBe(false);
    expect(problems).toContain('server/menu/browser-scripts.ts: the export BROWSER_SCRIPTS is not plain data');
  });
});
