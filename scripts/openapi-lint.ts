/**
 * `npm run lint`'s second half: writes the OpenAPI document (scripts/openapi.ts) and lints it with Redocly's
 * recommended ruleset (redocly.yaml; single exceptions with their reasons in .redocly.lint-ignore.yaml). Any error or
 * warning fails. Redocly's telemetry and update notices are turned off.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOpenApiDocument } from './openapi';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const { bin } = JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: Record<string, string> };
const cli = join(dirname(cliPackage), bin.redocly!);

const started = Date.now();
const file = await writeOpenApiDocument();
// Relative to the root: that is how .redocly.lint-ignore.yaml names the document.
const redocly = (format: 'json' | 'stylish') =>
  spawnSync(process.execPath, [cli, 'lint', relative(root, file), `--format=${format}`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' },
  });

const result = redocly('json');
let totals: { errors: number; warnings: number; ignored: number } | undefined;
try {
  totals = (JSON.parse(result.stdout) as { totals: typeof totals }).totals;
} catch {
  totals = undefined;
}
if (!totals || totals.errors > 0 || totals.warnings > 0) {
  // Warnings fail too. The readable report: redocly again, as people read it.
  const report = redocly('stylish');
  process.stderr.write(`${report.stdout}${totals ? '' : result.stderr}`);
  console.error(
    `OpenAPI lint failed: ${totals ? `${totals.errors} errors, ${totals.warnings} warnings` : 'redocly did not answer'} ` +
      `(redocly lint ${relative(root, file)}; rules: redocly.yaml)`,
  );
  process.exit(1);
}
console.log(
  `OpenAPI: Redocly's recommended lint passes, 0 errors, 0 warnings (${totals.ignored} documented exceptions, ` +
    `.redocly.lint-ignore.yaml), ${Date.now() - started} ms`,
);
