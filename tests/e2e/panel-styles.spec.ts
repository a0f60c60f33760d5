import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The build keeps only the Bootstrap rules the panel uses (scripts/purge-bootstrap.ts). A rule purged by
 * mistake leaves an element unstyled (a field error always shown, a phone dialog that is no longer full-screen):
 * on the main screens and dialogs, at a phone's and a desktop's width, every Bootstrap class an element carries must
 * still have its rule in the Bootstrap sheet the server sent.
 */

const bootstrapClasses = new Set(
  (
    readFileSync(join(import.meta.dirname, '../../node_modules/bootstrap/dist/css/bootstrap.css'), 'utf8').match(
      /\.-?[a-zA-Z_][\w-]*/g,
    ) ?? []
  ).map((name) => name.slice(1)),
);

/** The Bootstrap classes on the page whose rules are missing from the served Bootstrap sheet. */
async function unstyled(page: Page): Promise<string[]> {
  const { used, served } = await page.evaluate(() => {
    const used = new Set<string>();
    for (const element of document.querySelectorAll('*')) for (const name of element.classList) used.add(name);
    // Bootstrap's sheet is the one that opens with its :root variables (our own sheets define some of its classes).
    const sheet = [...document.styleSheets].find((s) =>
      (s.cssRules[0] as CSSStyleRule | undefined)?.selectorText?.startsWith(':root'),
    );
    const served = new Set<string>();
    for (const rule of sheet?.cssRules ?? []) {
      for (const name of rule.cssText.match(/\.-?[a-zA-Z_][\w-]*/g) ?? []) served.add(name.slice(1));
    }
    return { used: [...used], served: [...served] };
  });
  expect(served.length, 'the Bootstrap sheet was found').toBeGreaterThan(100);
  return used.filter((name) => bootstrapClasses.has(name) && !served.includes(name));
}

async function logIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Parol').fill(password);
  await page.getByRole('button', { name: 'Kirish' }).click();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the login with its field errors, the admin list, drawer and restaurant dialog keep their styles', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Kirish' }).click();
      await expect(page.getByText('Login kiritilishi shart')).toBeVisible();
      expect(await unstyled(page)).toEqual([]);

      await logIn(page, DEMO_ADMIN.login, DEMO_ADMIN.password);
      await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
      await expect(page.getByTestId(/^restaurant-row-/).first()).toBeVisible();
      expect(await unstyled(page)).toEqual([]);

      if (width < 992) {
        await page.getByRole('button', { name: 'Menyu', exact: true }).click();
        await expect(page.getByRole('link', { name: 'Menedjerlar' })).toBeVisible();
        expect(await unstyled(page)).toEqual([]);
        await page.getByRole('link', { name: 'Menedjerlar' }).click();
      } else {
        await page.getByRole('link', { name: 'Menedjerlar' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Menedjerlar' })).toBeVisible();
      expect(await unstyled(page)).toEqual([]);

      await page.goBack();
      await page.getByRole('button', { name: "Restoran qo'shish" }).click();
      // By name: at 390 px the drawer may still be closing (a dialog too) when the form opens.
      const dialog = page.getByRole('dialog', { name: "Restoran qo'shish" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Saqlash' }).click();
      await expect(dialog.getByText("Bu maydon to'ldirilishi shart").first()).toBeVisible();
      expect(await unstyled(page)).toEqual([]);
    });

    test("the manager's restaurants, stop-list and categories keep their styles", async ({ page }) => {
      await signIn(page, DEMO_MANAGERS[0]!);
      await page.goto('/manager');
      await expect(page.getByRole('heading', { name: 'Mening restoranlarim' })).toBeVisible();
      expect(await unstyled(page)).toEqual([]);

      const bottomBar = page.getByRole('navigation', { name: 'bottom navigation' });
      await bottomBar.getByRole('link', { name: 'Menyu', exact: true }).click();
      await expect(page.getByRole('checkbox').first()).toBeVisible();
      expect(await unstyled(page)).toEqual([]);

      await bottomBar.getByRole('link', { name: 'Kategoriyalar' }).click();
      await expect(page.getByRole('heading', { name: 'Kategoriyalar' })).toBeVisible();
      expect(await unstyled(page)).toEqual([]);
    });
  });
}
