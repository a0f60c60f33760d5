import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, plus a guard on every test's page: anything the browser refuses under the server's
 * Content-Security-Policy (a script, a style, an image the policy forgot) fails the test instead of silently
 * breaking a feature.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await use(undefined);
      if (refused.length > 0) throw new Error(`Content-Security-Policy refused:\n${refused.join('\n')}`);
    },
    { auto: true },
  ],
});
