import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test`: every test — unit, machine, UI (jsdom), API (vitest) and end-to-end (Playwright in Chromium) —
 * then one line `N passed, N failed` summed over both runners (also written to .test-output/counts.json for CI,
 * with each runner's seconds in .test-output/times.json).
 * Extra arguments go to vitest only (e.g. `npm test -- tests/server/auth.test.ts` skips Playwright).
 */
const root = join(import.meta.dirname, '..');
const out = join(root, '.test-output');
mkdirSync(out, { recursive: true });
const args = process.argv.slice(2);
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Counts {
  passed: number;
  failed: number;
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function runVitest(): Counts {
  const report = join(out, 'vitest.json');
  rmSync(report, { force: true });
  const result = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { cwd: root, stdio: 'inherit' },
  );
  const json = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(report);
  if (!json) return { passed: 0, failed: 1 }; // vitest itself crashed: that is a failure
  const failed = json.numFailedTests + (result.status !== 0 && json.numFailedTests === 0 ? 1 : 0);
  return { passed: json.numPassedTests, failed };
}

function runPlaywright(): Counts {
  const report = join(out, 'playwright.json');
  rmSync(report, { force: true });
  const result = spawnSync(bin('playwright'), ['test'], { cwd: root, stdio: 'inherit' });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(report);
  if (!json) return { passed: 0, failed: 1 };
  const failed = json.stats.unexpected + (result.status !== 0 && json.stats.unexpected === 0 ? 1 : 0);
  return { passed: json.stats.expected + json.stats.flaky, failed };
}

/** Runs one runner and keeps its wall-clock seconds for .test-output/times.json (CI prints them per phase). */
const times: Record<string, number> = {};
function timed(name: string, run: () => Counts): Counts {
  const start = performance.now();
  const result = run();
  times[name] = Math.round((performance.now() - start) / 1000);
  return result;
}

/**
 * Written as the end-to-end run starts: it spends two thirds of its time waiting on Chromium and the server, so CI
 * (.ci/run) starts its Node 24 and PostgreSQL passes beside it when this file appears.
 */
const E2E_STARTED = join(out, 'e2e-started');

rmSync(E2E_STARTED, { force: true });
const counts = [timed('vitest', runVitest)];
if (args.length === 0) {
  writeFileSync(E2E_STARTED, new Date().toISOString());
  counts.push(timed('playwright', runPlaywright));
}
const total = counts.reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), {
  passed: 0,
  failed: 0,
});
writeFileSync(join(out, 'counts.json'), JSON.stringify(total));
writeFileSync(join(out, 'times.json'), JSON.stringify(times));
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
