import type { Page } from '@playwright/test';
import { expect } from './test';

export interface Account {
  login: string;
  password: string;
}

/**
 * `page`'s next document opens with `token` in localStorage, as in a browser that logged in earlier: the panel resumes
 * the session from it at start-up (login.spec.ts checks that a reload after the real login does exactly that). For
 * journeys whose subject is not the login screen, which costs a page load, two fields and a redirect each time; the
 * screen itself is walked by login.spec.ts, manager.spec.ts, password.spec.ts, panel-split.spec.ts, panel-styles.spec.ts
 * and storage-blocked.spec.ts. Put there once per tab, so a logout (and any load after it) finds no token again.
 */
export async function startWithToken(page: Page, token: string): Promise<void> {
  // The panel's origin only (the first document of a page is about:blank, whose storage cannot be used).
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  await page.addInitScript(
    ({ value, origin }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e-token-given')) return;
      sessionStorage.setItem('e2e-token-given', '1');
      localStorage.setItem('accessToken', value);
    },
    { value: token, origin },
  );
}

/** The token POST /auth/login answers for `who` (what the login screen stores). */
export async function tokenFor(page: Page, who: Account): Promise<string> {
  const answer = await page.request.post('/auth/login', { data: { login: who.login, password: who.password } });
  expect(answer.status(), `login of ${who.login}`).toBe(200);
  return ((await answer.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** `who` logged in through the API; `page`'s next document opens with the session (see startWithToken). */
export async function signIn(page: Page, who: Account): Promise<void> {
  await startWithToken(page, await tokenFor(page, who));
}
