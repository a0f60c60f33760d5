import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The UI test files that replace a module (`vi.mock`) or a global for their whole file. The `ui` project shares one
 * module graph per worker (vitest.config.ts, `isolate: false`), where such a replacement would leak into the files
 * after it (or miss a module an earlier file loaded), so these run in the isolated `ui-isolated` project. The live
 * stream and the new-order sound are replaced for the whole shared project alike (tests/ui/support/shared-mocks.ts).
 * tests/unit/vitest-projects.test.ts keeps this list complete.
 */
export const MODULE_MOCKING_UI_FILES = [
  'tests/ui/insights.paths.test.tsx',
  'tests/ui/insights.test.tsx',
  'tests/ui/orders.paths.test.tsx',
  'tests/ui/staffEventsClient.test.tsx',
  'tests/ui/toasts-offline.test.tsx',
];

/**
 * Whether a screens' test file replaces something for the files after it in a shared module graph: a module
 * (`vi.mock`, `vi.doMock`: for the whole file, and a module another file loaded stays loaded), or a global it does
 * not put back (`vi.stubGlobal` without `vi.unstubAllGlobals()`, which the kitchen's files call after each test).
 */
export function replacesForTheFilesAfter(text: string): boolean {
  return (
    /\bvi\.(mock|doMock)\(/.test(text) || (/\bvi\.stubGlobal\(/.test(text) && !/\bvi\.unstubAllGlobals\(\)/.test(text))
  );
}
/** The same, and the clock or the environment (pure code's tests fake them whole files long). */
const REPLACES_A_MODULE_OR_THE_CLOCK = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

/**
 * The machine and unit test files that replace a module, a global or the clock: found by reading the files, since
 * those folders have many (each actor file mocks the client). They run in the isolated `unit-isolated` project; the
 * rest share one module graph per worker (`unit`), as the screens do.
 */
export function unitFilesReplacingAModule(root: string): string[] {
  return ['tests/unit', 'tests/machines'].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `${folder}/${name.split(sep).join('/')}`)
      .filter((file) => REPLACES_A_MODULE_OR_THE_CLOCK.test(readFileSync(join(root, file), 'utf8'))),
  );
}
