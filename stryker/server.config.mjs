import { sharedOptions } from './shared.mjs';

/**
 * Mutation testing of the server's queries and routes against the API tests (tests/server on PGlite).
 * `npm run mutation -- server --mutate 'server/repositories/**\/*.ts'` narrows it to a part.
 */
export default {
  ...sharedOptions('server'),
  mutate: ['server/domain/**/*.ts', 'server/jobs/**/*.ts', 'server/repositories/**/*.ts', 'server/routes/**/*.ts'],
  vitest: { configFile: 'stryker/vitest.server.config.ts' },
  // Route registrations and module-level SQL run once, when a test file builds its app in beforeAll: those mutants are
  // "static" and would each need the whole API suite (minutes) run again. Ignoring them also lets a "hybrid" mutant
  // (reached in a beforeAll fixture and in tests, as most repository functions are) run only the tests that cover it
  // instead of all of them. The report counts the ignored ones; docs/mutation.md says what they are.
  ignoreStatic: true,
  thresholds: { high: 85, low: 75, break: null },
};
