import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUILD_FAILED_LINE,
  BUILDING_LINE,
  buildPanel,
  isBuildNoise,
  panelBuildIsStale,
} from '../../scripts/panel-build';

/**
 * `npm start` on a fresh clone builds the panel: it says one line while it builds and then only the build's problems
 * (Vite's banner, file list, config-loader notice and Rolldown's plugin timings looked like errors).
 */
const root = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'menyu-panel-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(projectRoot: string, outDir: string) {
  const said: string[] = [];
  let problems = '';
  const ok = buildPanel({
    root: projectRoot,
    outDir,
    say: (line) => said.push(line),
    problems: (text) => {
      problems += text;
    },
  });
  return { ok, said, problems };
}

describe("npm start's panel build", () => {
  it('builds the real panel into a fresh folder saying only "Panel yig\'ilmoqda…"', { timeout: 240_000 }, () => {
    const outDir = join(scratch, 'dist');
    expect(panelBuildIsStale(root, outDir)).toBe(true);
    const { ok, said, problems } = run(root, outDir);
    expect(said).toEqual([BUILDING_LINE]);
    expect(BUILDING_LINE).toBe("Panel yig'ilmoqda…");
    expect(problems).toBe('');
    expect(ok).toBe(true);
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(panelBuildIsStale(root, outDir)).toBe(false);
  });

  it('shows what broke a build, and says it failed', { timeout: 120_000 }, () => {
    const broken = join(scratch, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>\n');
    writeFileSync(join(broken, 'main.js'), "import { x } from './missing.js';\nconsole.log(x);\n");
    const { ok, said, problems } = run(broken, join(broken, 'dist'));
    expect(ok).toBe(false);
    expect(said).toEqual([BUILDING_LINE]);
    expect(problems).toContain("Could not resolve './missing.js' in main.js");
    expect(problems.trimEnd().endsWith(BUILD_FAILED_LINE)).toBe(true);
    // Vite's progress is not a problem.
    expect(problems).not.toMatch(/building client environment|modules transformed/);
  });

  it("keeps Rolldown's plugin timings to itself and lets every other log through", () => {
    expect(isBuildNoise({ code: 'PLUGIN_TIMINGS' })).toBe(true);
    for (const code of ['UNRESOLVED_IMPORT', 'EVAL', 'CIRCULAR_DEPENDENCY', undefined]) {
      expect(isBuildNoise({ code }), String(code)).toBe(false);
    }
  });
});
