import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: everything that runs in Node (server, machines, units) and the React screens in jsdom.
// Playwright's *.spec.ts files under tests/e2e are kept out of both.
export default defineConfig({
  plugins: [react()],
  test: {
    // Both cores: vitest's default (one worker fewer than the cores) runs one file at a time on this 2-core machine,
    // and most files wait on a database or a simulated service as much as on the CPU (CI's 20-minute budget).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Connections, LISTEN / NOTIFY: PostgreSQL only (CI's PostgreSQL run sets DATABASE_URL).
          exclude: process.env.DATABASE_URL ? [] : ['tests/server/postgres-*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          // jsdom with Node-side module transforms: the UI tests run the real server in the same process.
          environment: './tests/ui/support/environment.ts',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/support/ui-setup.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
