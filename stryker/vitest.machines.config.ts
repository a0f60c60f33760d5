import { defineConfig } from 'vitest/config';

// Mutation testing of machines/ (stryker/machines.config.mjs): only the Node-side machine and unit tests. The jsdom UI
// tests drive the machines too, but each of their runs starts the API server: far too slow to run per mutant.
export default defineConfig({
  test: {
    name: 'unit',
    environment: 'node',
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // Layering and query-placement checks read source files as text: they kill no mutant, only cost time.
    exclude: ['tests/unit/layers.test.ts', 'tests/unit/server-queries.test.ts'],
    testTimeout: 20_000,
  },
});
