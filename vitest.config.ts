import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { MODULE_MOCKING_UI_FILES, unitFilesReplacingAModule } from './tests/support/module-mocking-files';

// Projects: the API (server), machines and pure code (unit), and the React screens in jsdom (ui, and ui-isolated for
// the files that replace a module).
// Playwright's *.spec.ts files under tests/e2e are kept out of all of them.

/**
 * Tests of the embedded database itself (each opens its own PGlite or starts the server on a data folder without
 * DATABASE_URL): run once, in the PGlite pass, not again in CI's PostgreSQL pass, where they would test PGlite twice.
 */
const EMBEDDED_DATABASE_ONLY = [
  'tests/server/pglite-maintenance.test.ts',
  'tests/server/pglite-storage.test.ts',
  'tests/server/server-start.test.ts',
  'tests/server/payme-kill.test.ts',
  'tests/server/till-kill.test.ts',
  'tests/server/print-kill.test.ts',
  'tests/server/ops-backup.test.ts',
];

/**
 * API tests whose subject is not where data is stored: image work and its queue, the demo pictures' reuse, the login and order
 * limits counted in memory per process, the Telegram simulator's own protocol, the generated OpenAPI client, the friday
 * bench's seed, the kitchen printer's bytes, simulator and page. They read and write the
 * database no differently from the tests around them, so they run once, in the PGlite pass: in CI's PostgreSQL pass
 * they would only cost time (about a fifth of that pass).
 */
const NOT_ABOUT_THE_DATABASE = [
  'tests/server/upload-queue.test.ts',
  'tests/server/login-limits.test.ts',
  'tests/server/order-limits-hall.test.ts',
  'tests/server/telegram-simulator.test.ts',
  'tests/server/openapi.test.ts',
  'tests/server/demo-pictures.test.ts',
  'tests/server/diner-limits.test.ts',
  'tests/server/bench-friday.test.ts',
  'tests/server/printer-escpos.test.ts',
  'tests/server/printer-simulator.test.ts',
  'tests/server/printer-dev-page.test.ts',
];

/** API tests that fake timers around the background loops (their own project, below). */
const FAKE_TIMER_SERVER_FILES = [
  'tests/server/jobs-outbox-sender.test.ts',
  'tests/server/jobs-print-sender.test.ts',
  'tests/server/jobs-scheduler-rules.test.ts',
  'tests/server/jobs-till-sender.test.ts',
  'tests/server/jobs-upkeep.test.ts',
  'tests/server/jobs-upload-sweep.test.ts',
  'tests/server/jobs-plugins.test.ts',
];

const UNIT_FILES = ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'];
const UNIT_FILES_REPLACING_A_MODULE = unitFilesReplacingAModule(import.meta.dirname);

/** What both projects of the React screens share. */
const screens = {
  // jsdom with Node-side module transforms: the UI tests run the real server in the same process.
  environment: './tests/ui/support/environment.ts',
  include: ['tests/ui/**/*.test.tsx'],
  setupFiles: ['tests/support/ui-setup.ts'],
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
          exclude: [
            ...(process.env.DATABASE_URL
              ? [...EMBEDDED_DATABASE_ONLY, ...NOT_ABOUT_THE_DATABASE]
              : ['tests/server/postgres-*.test.ts']),
            ...FAKE_TIMER_SERVER_FILES,
          ],
          // One module graph per worker instead of one per file: every file builds its own app and database and
          // keeps no state in modules, and loading the server's modules again for each of 88 files was a third of
          // the API suite's time. Timers a file fakes are restored in its finally blocks.
          isolate: false,
          globalSetup: ['tests/support/global-setup.ts', 'tests/support/server-build-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The background loops' tests fake the clock around a database and an app: each file in a process of its
          // own, so a timer faked while a module or the embedded database kept a reference to it cannot stop another
          // file's timers.
          name: 'server-timers',
          environment: 'node',
          include: FAKE_TIMER_SERVER_FILES,
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
          include: UNIT_FILES,
          exclude: UNIT_FILES_REPLACING_A_MODULE,
          // Pure code and machines: one module graph per worker, not one per file (a file's imports cost more than
          // its tests). The files that replace a module, a global or the clock run in `unit-isolated`.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: UNIT_FILES_REPLACING_A_MODULE,
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          ...screens,
          name: 'ui',
          exclude: MODULE_MOCKING_UI_FILES,
          // The live stream and the sound, replaced for every file of this project alike (see the file).
          setupFiles: [...screens.setupFiles, 'tests/ui/support/shared-mocks.ts'],
          // As the API's: each file starts its own server and renders into an emptied document (ui-setup.ts
          // unmounts and clears storage after every test); loading React, the screens and the server once per
          // worker, not per file, takes about 40 % off the screens' run.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...screens, name: 'ui-isolated', include: MODULE_MOCKING_UI_FILES },
      },
    ],
  },
});
