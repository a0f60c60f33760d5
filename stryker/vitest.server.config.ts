import { defineConfig } from 'vitest/config';

// Mutation testing of server/repositories and server/routes (stryker/server.config.mjs): the API tests on PGlite, or
// on PostgreSQL when DATABASE_URL is set (about twice as fast, and the PostgreSQL-only race tests join; each Stryker
// worker then makes its own template database, tests/support/template.ts). Left out: the tests of the process around
// the API (configuration, start-up, data-dir lock, storage and PGlite's upkeep, SPA, docs, the POS sync schedule, the
// upload queues and sweep, the iiko HTTP client; the Friday bench's seed, whose bench/ is not in the sandbox): they reach no query or route logic, and the timing ones (queues
// under load) time out when every function is instrumented. Every test that runs here builds its app in a beforeAll:
// route registration is then "static" to Stryker (ignored, and checked by the docs and OpenAPI tests), never a mutant
// run per test.
const INFRASTRUCTURE = [
  'bench-friday',
  'bench-insights',
  'config',
  'data-dir-lock',
  'docs',
  'integration-auto-sync',
  'integration-iiko-client',
  'openapi',
  'pglite-maintenance',
  'pglite-storage',
  'server-start',
  'spa',
  'upload-limits',
  'upload-queue',
  'upload-sweep',
].map((name) => `tests/server/${name}.test.ts`);

// MUTATION_TESTS (comma-separated globs) narrows the tests to the ones that exercise a part, for a chunk of the run:
// `MUTATION_TESTS='tests/server/payme*.test.ts' npm run mutation -- server --mutate 'server/domain/payments/**/*.ts'`.
// Its score is a lower bound (a test left out might have killed a survivor); the dry run takes minutes, not an hour.
const narrowed = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    // The translations' merge rule is server code tested as a unit (tests/unit/translations.test.ts).
    include: narrowed ?? ['tests/server/**/*.test.ts', 'tests/unit/translations.test.ts'],
    exclude: [...INFRASTRUCTURE, ...(process.env.DATABASE_URL ? [] : ['tests/server/postgres-*.test.ts'])],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
