import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/seed/demo-data';
import { expect, test } from './support/test';

/**
 * Accessibility of the screens people use most, checked by axe-core against WCAG 2.1 A and AA (labels, names,
 * contrast, landmarks…): the diner's menu, the login, and the manager's screens on a phone; the admin's list on a
 * desktop. Read-only: it changes none of the demo data other journeys read.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const manager = DEMO_MANAGERS[0]!;

async function expectNoViolations(page: Page, what: string) {
  // Colours are measured as painted: a dialog still fading in would read as low contrast. Wait for every CSS
  // transition and animation to finish first.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join('; ')}`,
  );
  expect.soft(found, `${what}: accessibility violations`).toEqual([]);
}

/** Opens the dialog behind `button`, checks it, and closes it again without saving anything. */
async function expectDialogAccessible(page: Page, button: string, what: string) {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, what);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function logIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Parol').fill(password);
  await page.getByRole('button', { name: 'Kirish' }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the public menu and the login screen', async ({ page }) => {
    await page.goto('/menu?slug=rayhon');
    await expectNoViolations(page, 'public menu');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
    await expectNoViolations(page, 'login');
  });

  test("the manager's screens", async ({ page }) => {
    await logIn(page, manager.login, manager.password);
    await expect(page).toHaveURL(/\/manager$/);
    await expect(page.getByRole('heading', { name: 'Mening restoranlarim' })).toBeVisible();
    await expect(page.getByText('Tanlangan restoran', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'manager restaurants');
    await expectDialogAccessible(page, "Parolni o'zgartirish", 'password dialog');

    await page.getByRole('link', { name: 'Kategoriyalar' }).click();
    await expect(page.getByTestId(/^category-row-/).first()).toBeVisible();
    await expectNoViolations(page, 'manager categories');
    await expectDialogAccessible(page, "Kategoriya qo'shish", 'category modal');

    await page
      .getByRole('link', { name: /^Ko'rish: / })
      .first()
      .click();
    await expect(page.getByTestId(/^product-row-/).first()).toBeVisible();
    await expectNoViolations(page, 'manager products');
    await expectDialogAccessible(page, "Mahsulot qo'shish", 'product form');

    const productsUrl = page.url();
    await page
      .getByRole('link', { name: /^Opsiyalar: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ManagerProductOptionRow\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'product options');
    await page.goto(productsUrl);
    await page
      .getByRole('link', { name: /^Ko'rish: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/product-detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'product detail');

    await page.getByRole('link', { name: 'Menyu', exact: true }).click();
    await expect(page.getByRole('tab', { name: /^Mavjud/ })).toBeVisible();
    await expectNoViolations(page, 'stop-list');
    // With something selected: the floating button (nothing is moved).
    await page.getByRole('checkbox').nth(1).check();
    await expect(page.getByRole('button', { name: /Stop-listga o'tkazish/ })).toBeVisible();
    await expectNoViolations(page, 'stop-list with a selection');
  });
});

test('the admin restaurant list on a desktop', async ({ page }) => {
  await logIn(page, DEMO_ADMIN.login, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'admin restaurants');
  await expectDialogAccessible(page, "Restoran qo'shish", 'restaurant dialog');

  await page
    .getByRole('link', { name: /^Ko'rish: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/viewRestaurant\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(page, 'restaurant view (with its QR code)');

  await page.getByRole('link', { name: 'Menedjerlar' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'managers');
});
