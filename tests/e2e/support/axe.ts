import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA: the rules the accessibility checks hold the screens to. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core's violations on the page as it is now: the rules tagged `tags` (every rule axe runs by default when
 * omitted) over the elements `include` selects (the whole document when omitted). The same checks as
 * @axe-core/playwright's `analyze()`, run with `axe.run` in the page itself: `analyze()` evaluates axe's 600 KB source
 * twice per call and finishes every run in a new blank page (for cross-origin frames, which these screens do not
 * have), half of each check's time. Here axe is put into each frame of a document once and stays there for the checks
 * that follow on the same document (a panel's screens change without a new document).
 */
export async function axeViolations(
  page: Page,
  { include, tags }: { include?: string; tags?: string[] } = {},
): Promise<axe.Result[]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  return page.evaluate(
    async ({ include, tags }) => {
      const context = include ? { include: [include] } : document;
      const options = tags ? { runOnly: { type: 'tag' as const, values: tags } } : {};
      const results = await (window as AxeWindow).axe!.run(context, options);
      return results.violations;
    },
    { include, tags },
  );
}
