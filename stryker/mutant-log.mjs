// A Stryker reporter that writes each mutant's result the moment it is known, one JSON line each, to
// .stryker/<area>/mutants.jsonl (the area from the config's jsonReporter path). Stryker's own reports are written only
// when a whole run ends: a server chunk stopped before its end (a session's time ran out) then left nothing, not even
// the survivors found so far. With this log they are there to read and to write tests for.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';

class MutantLogReporter {
  static inject = [commonTokens.options];

  /** @param {{ jsonReporter?: { fileName?: string } }} options */
  constructor(options) {
    this.file = `${dirname(options.jsonReporter?.fileName ?? '.stryker/report.json')}/mutants.jsonl`;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, '');
  }

  /** @param {import('@stryker-mutator/api/core').MutantResult} result */
  onMutantTested(result) {
    const line = {
      status: result.status,
      file: relative(process.cwd(), result.fileName),
      line: result.location.start.line,
      column: result.location.start.column,
      mutator: result.mutatorName,
      replacement: result.replacement,
      // Also reached while a test file's app was built (beforeAll): such a mutant is switched on only per test, so a
      // change that takes effect when routes are registered is not seen by the run (docs/mutation.md).
      ...(result.static ? { static: true } : {}),
      ...(result.statusReason ? { reason: result.statusReason.slice(0, 200) } : {}),
    };
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'mutant-log', MutantLogReporter)];
