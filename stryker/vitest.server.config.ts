import { defineConfig } from 'vitest/config';

// Mutation testing of server/repositories and server/routes (stryker/server.config.mjs): the API tests on PGlite (the
// PostgreSQL-only tests skip themselves without DATABASE_URL, as in npm test).
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [] : ['tests/server/postgres-*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
