import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * Lists the failed tests of the JSON reports in .test-output (vitest, Playwright, vitest on Node 24, vitest on PostgreSQL),
 * one line each with the first line of its error, so the end of a long CI log says what failed without scrolling back.
 * Usage: tsx scripts/report-failures.ts [report.json ...]
 */
const root = join(import.meta.dirname, '..');
const out = join(root, '.test-output');
const reports =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['vitest.json', 'playwright.json', 'vitest-node24.json', 'vitest-pg.json'];

interface VitestReport {
  success: boolean;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: { title: string; ok: boolean; tests: { results: { status: string; error?: PlaywrightError }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightError {
  message?: string;
  location?: { file: string; line: number; column: number };
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  errors: { message?: string }[];
}

const firstLine = (text: string | undefined) =>
  stripVTControlCharacters(text ?? '')
    .trim()
    .split('\n')[0]
    ?.slice(0, 240) ?? '';

function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const name = relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    if (file.status === 'failed' && failed.length === 0) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  if (!report.success && lines.length === 0) lines.push('errors outside any test (see "Unhandled Errors" above)');
  return lines;
}

/**
 * A browser test's failure rarely says enough in its first line ("toHaveCount failed"): the line of the spec it stopped
 * at and the locator with what it expected and received follow it, as a failure that does not come back locally must
 * be read from the CI log alone.
 */
function playwrightDetails(error: PlaywrightError | undefined): string[] {
  const details: string[] = [];
  if (error?.location) details.push(`at ${relative(root, error.location.file)}:${error.location.line}`);
  const message = stripVTControlCharacters(error?.message ?? '').split('\n');
  details.push(
    ...message.filter((line) => /^\s*(Locator|Expected|Received|Timeout|Call log):?/.test(line)).slice(0, 6),
  );
  return details.map((line) => `    ${line.trim().slice(0, 240)}`);
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      lines.push(`${suite.file} > ${[...path, spec.title].join(' > ')}: ${firstLine(error?.message)}`);
      lines.push(...playwrightDetails(error));
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  for (const error of report.errors) lines.push(`Playwright: ${firstLine(error.message)}`);
  return lines;
}

for (const file of reports) {
  const path = join(out, file);
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, 'utf8')) as VitestReport | PlaywrightReport;
  const lines = 'testResults' in report ? vitestFailures(report) : playwrightFailures(report);
  if (lines.length === 0) continue;
  console.log(`Failed in ${file}:`);
  for (const line of lines) console.log(`  ${line}`);
}
