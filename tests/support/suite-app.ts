import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../server/app';
import { createTestApp, type TestApp } from './app';

/**
 * A fresh app for the enclosing describe: built in its beforeAll, closed in its afterAll. Building apps there, never
 * inside a test, keeps route registration out of the tests' own coverage (see stryker/vitest.server.config.ts).
 */
export function suiteApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'telegramTickMs' | 'telegramPollSeconds' | 'eventsRecheckMs'> = {},
): TestApp {
  const app = {} as TestApp;
  beforeAll(async () => {
    Object.assign(app, await createTestApp(env, options));
  });
  afterAll(() => app.close());
  return app;
}
