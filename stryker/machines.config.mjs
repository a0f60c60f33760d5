import { sharedOptions } from './shared.mjs';

/** Mutation testing of the XState machines against tests/machines and tests/unit. */
export default {
  ...sharedOptions('machines'),
  mutate: ['machines/**/*.ts'],
  vitest: { configFile: 'stryker/vitest.machines.config.ts' },
};
