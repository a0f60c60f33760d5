// What both mutation runs share (npm run mutation; stryker/machines.config.mjs, stryker/server.config.mjs).
// Reports and the incremental files live in .stryker/ (gitignored): a rerun only tests mutants whose code or tests changed.
/** @param {'machines' | 'server'} area */
export function sharedOptions(area) {
  return {
    testRunner: 'vitest',
    // mutant-log.mjs: each result as it comes (.stryker/<area>/mutants.jsonl), so a stopped run still tells its survivors.
    plugins: ['@stryker-mutator/vitest-runner', './stryker/mutant-log.mjs'],
    coverageAnalysis: 'perTest',
    // Two shared cores: two sandboxes at most.
    concurrency: 2,
    incremental: true,
    incrementalFile: `.stryker/${area}/incremental.json`,
    tempDirName: `.stryker/tmp-${area}`,
    cleanTempDir: 'always',
    // Generous: the machines' tests wait on actors and the API tests on a database.
    timeoutMS: 30_000,
    timeoutFactor: 3,
    dryRunTimeoutMinutes: 30,
    // Copied into each sandbox: only what the tests read (node_modules is linked, not copied).
    ignorePatterns: [
      'data',
      'dist',
      'docs',
      'bench',
      'test-results',
      'playwright-report',
      'coverage',
      '.test-output',
      '.stryker',
      'reports',
      'tests/e2e',
    ],
    reporters: ['clear-text', 'progress', 'html', 'json', 'mutant-log'],
    htmlReporter: { fileName: `.stryker/${area}/report.html` },
    jsonReporter: { fileName: `.stryker/${area}/report.json` },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    thresholds: { high: 90, low: 80, break: null },
  };
}
