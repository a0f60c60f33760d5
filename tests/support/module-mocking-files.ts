/**
 * The UI test files that replace a module (`vi.mock`) or a global for their whole file. The `ui` project shares one
 * module graph per worker (vitest.config.ts, `isolate: false`), where such a replacement would leak into the files
 * after it (or miss a module an earlier file loaded), so these run in the isolated `ui-isolated` project.
 * tests/unit/vitest-projects.test.ts keeps this list complete.
 */
export const MODULE_MOCKING_UI_FILES = [
  'tests/ui/insights.paths.test.tsx',
  'tests/ui/insights.test.tsx',
  'tests/ui/journeys/orderingSwitch.test.tsx',
  'tests/ui/journeys/workingRestaurant.test.tsx',
  'tests/ui/kitchen.display.test.tsx',
  'tests/ui/kitchen.display.paths.test.tsx',
  'tests/ui/kitchen.pairing.test.tsx',
  'tests/ui/kitchen.paths.test.tsx',
  'tests/ui/orders.journeys.test.tsx',
  'tests/ui/orders.lines.test.tsx',
  'tests/ui/orders.paths.test.tsx',
  'tests/ui/orders.pos.test.tsx',
  'tests/ui/orders.telegram.test.tsx',
  'tests/ui/staffEventsClient.test.tsx',
  'tests/ui/tables.journeys.test.tsx',
  'tests/ui/tables.paths.test.tsx',
  'tests/ui/tables.pos.test.tsx',
  'tests/ui/tables.renewToken.test.tsx',
  'tests/ui/toasts-offline.test.tsx',
];
