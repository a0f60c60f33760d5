import type { Locator } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * On a phone (390 px): the manager's card with its ways to the menu, QR codes and table card; an error toast never
 * covers the open dialog's × or buttons; the deactivation question. Nothing is saved: the demo data other journeys read
 * stays as it is.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const rayhon = DEMO_MANAGERS[0]!;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
};

test("the manager's card leads to the menu, the QR codes and the table card (screenshot)", async ({ page }) => {
  await signIn(page, rayhon);
  await page.goto('/manager');
  const card = page.getByTestId(/^manager-restaurant-/).first();
  await expect(card.getByRole('link', { name: 'Menyuni ochish' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'QR-kod va stol kartasi' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await card.screenshot({ path: 'docs/screenshots/manager-card-phone.png' });

  // The public menu opens in a new tab, and answers.
  const [menu] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('link', { name: 'Menyuni ochish' }).click(),
  ]);
  await expect(menu).toHaveURL(/\/menu\?slug=/);
  await expect(menu.getByRole('heading', { level: 1 })).toBeVisible();
  await menu.close();

  await card.getByRole('link', { name: 'QR-kod va stol kartasi' }).click();
  await expect(page).toHaveURL(/\/viewRestaurant\//);
  const panel = page.getByTestId('qr-panel');
  await expect(panel.getByRole('img', { name: 'Menyu QR-kodi' })).toBeVisible();
  const [cardPage] = await Promise.all([
    page.waitForEvent('popup'),
    panel.getByRole('button', { name: 'Stol kartasini chop etish' }).click(),
  ]);
  await expect(cardPage.locator('svg').first()).toBeVisible();
  await cardPage.close();
});

test("an error toast never covers the open dialog's × or its buttons, and the × still closes it", async ({ page }) => {
  await signIn(page, rayhon);
  await page.goto('/manager');
  await page
    .getByTestId(/^manager-restaurant-/)
    .first()
    .getByRole('button', { name: "O'zgartirish" })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('R'.repeat(121));
  await dialog.getByRole('button', { name: 'Update' }).click();
  const toast = page.locator('.toast').filter({ hasText: 'Failed to update restaurant.' });
  await expect(toast).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('"Nomi" maydoni');
  // The dialog has moved down below the toasts (its transition is 150 ms).
  await expect
    .poll(async () => overlaps(await box(toast), await box(dialog.getByRole('button', { name: 'Close' }))))
    .toBe(false);
  for (const control of [
    dialog.getByRole('button', { name: 'Close' }),
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Update' }),
    dialog.getByLabel('Name'),
  ]) {
    expect(overlaps(await box(toast), await box(control))).toBe(false);
    // What a tap there reaches is the control itself, not the toast.
    const { x, y, width, height } = await box(control);
    const hit = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px!, py!)?.closest('.toast') !== null,
      [x + width / 2, y + height / 2],
    );
    expect(hit).toBe(false);
  }
  // Inside the phone's screen, the sheet and its buttons still fit.
  expect((await box(dialog.getByRole('button', { name: 'Update' }))).y).toBeLessThan(844);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('deactivating a manager asks first and says what it does (screenshot)', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/managers');
  // The list is paged on the server (10 a page) and other tests add managers: find the demo manager by login.
  await page.getByRole('searchbox', { name: 'Qidirish: login' }).fill(rayhon.login);
  const row = page.getByTestId(`manager-row-${rayhon.login}`);
  await row.getByRole('button', { name: /O'chirib qo'yish/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: "Menedjerni o'chirib qo'yish" })).toBeVisible();
  await expect(dialog).toContainText('darhol tizimdan chiqariladi');
  // The screenshot shows the dialog as it settles, not half faded in.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: 'docs/screenshots/manager-deactivate-phone.png' });
  await dialog.getByRole('button', { name: 'Bekor qilish' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row.getByText('Faol', { exact: true })).toBeVisible();
});
