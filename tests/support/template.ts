import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the global setup leaves the migrated PGlite template that every test file loads (creating one costs ~3 s). */
export const TEMPLATE_DUMP = join(
  fileURLToPath(new URL('../../.test-output', import.meta.url)),
  'pglite-template.tar.gz',
);
/**
 * On PostgreSQL (DATABASE_URL set) each test file gets `CREATE DATABASE ... TEMPLATE` of this migrated database. Each
 * of Stryker's workers runs its own vitest, whose global setup drops and remakes the template: one template per worker.
 */
export const PG_TEMPLATE_DB = `menyu_test_template${process.env.STRYKER_MUTATOR_WORKER ?? ''}`;
