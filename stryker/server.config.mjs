import { sharedOptions } from './shared.mjs';

/**
 * Mutation testing of the server's queries and routes against the API tests (tests/server on PGlite).
 * `npm run mutation -- server --mutate 'server/repositories/**\/*.ts'` narrows it to a part.
 */
export default {
  ...sharedOptions('server'),
  mutate: ['server/repositories/**/*.ts', 'server/routes/**/*.ts'],
  vitest: { configFile: 'stryker/vitest.server.config.ts' },
  thresholds: { high: 85, low: 75, break: null },
};
