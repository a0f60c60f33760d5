import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The admin's main journeys in Chromium against the real server (DEMO=1, with the POS simulator): managers,
 * restaurants with a logo upload, a one-field edit, counters, delete with confirmation, and the integration source.
 */

test.use({ viewport: { width: 1280, height: 800 } });

/** The admin's restaurant list, logged in (the login screen has its own spec). */
async function logIn(page: Page) {
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin/restaurants');
}

const counter = (page: Page, label: string) => page.getByTestId(`counter-${label}`).locator('.counter-value');
const dialog = (page: Page) => page.getByRole('dialog');

test('the restaurant list on a desktop (screenshot)', async ({ page }) => {
  await logIn(page);
  await expect(page.getByTestId(/^restaurant-row-/).first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'sidebar' }).getByRole('link', { name: 'Restoranlar' }),
  ).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/restaurant-list-desktop.png' });
});

test('admin creates a manager and a restaurant, uploads a logo, edits one field, sees counters, deletes', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const managerLogin = `e2e.${stamp}`;
  const slug = `e2e-${stamp}`;
  const name = `E2E Oshxona ${stamp}`;
  await logIn(page);

  // A manager first.
  await page.getByRole('navigation', { name: 'sidebar' }).getByRole('link', { name: 'Menedjerlar' }).click();
  await page.getByRole('button', { name: "Menedjer qo'shish" }).click();
  await dialog(page)
    .getByLabel(/^Login/)
    .fill(managerLogin);
  await dialog(page)
    .getByLabel(/^Parol/)
    .fill('e2e-password-1');
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText("Menedjer qo'shildi")).toBeVisible();
  await expect(page.getByTestId(`manager-row-${managerLogin}`)).toBeVisible();

  // Then a restaurant for that manager.
  await page.getByRole('navigation', { name: 'sidebar' }).getByRole('link', { name: 'Restoranlar' }).click();
  await expect(counter(page, 'Jami')).toHaveText(/\d+/);
  const all = Number(await counter(page, 'Jami').textContent());
  const active = Number(await counter(page, 'Faol').textContent());
  await page.getByRole('button', { name: "Restoran qo'shish" }).click();
  await dialog(page).getByLabel(/^Nomi/).fill(name);
  await dialog(page).getByLabel(/^Slug/).fill(slug);
  await dialog(page)
    .getByLabel(/^Manzil/)
    .fill('Toshkent, Yunusobod 4');
  await dialog(page)
    .getByLabel(/^Telefon raqam/)
    .fill('+998 90 000 00 01');
  await dialog(page)
    .getByLabel(/^Ish vaqti/)
    .fill('08:00 - 20:00');
  await dialog(page)
    .getByLabel(/^Menedjer/)
    .selectOption({ label: managerLogin });
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText("Restoran qo'shildi")).toBeVisible();
  await expect(counter(page, 'Jami')).toHaveText(String(all + 1));
  await expect(counter(page, 'Faol')).toHaveText(String(active + 1));

  // Upload a logo: the progress bar runs to 'Yuklandi'.
  const row = page.getByTestId(`restaurant-row-${slug}`);
  await row.getByRole('button', { name: `Tahrirlash: ${name}` }).click();
  const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();
  const slot = dialog(page).locator('[data-kind="logotype"]');
  await slot
    .getByLabel('Logotip', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(slot.getByRole('progressbar')).toHaveText('Yuklandi');
  await expect(slot.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(dialog(page).getByRole('img', { name: 'Logotip' })).toHaveAttribute('src', /\/uploads\/.+\.webp$/);

  // Edit one field: only that field is sent.
  await dialog(page)
    .getByLabel(/^Telefon raqam/)
    .fill('+998 90 000 00 02');
  const update = page.waitForRequest((r) => r.url().includes('/manager/restaurants/update') && r.method() === 'PUT');
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  expect((await update).postDataJSON()).toEqual({ phone_number: '+998 90 000 00 02' });
  await expect(page.getByText('Restoran tahrirlandi')).toBeVisible();
  await expect(row.getByText('+998 90 000 00 02')).toBeVisible();

  // Delete asks first; Yo‘q keeps it, Ha removes it and the counters go back.
  await row.getByRole('button', { name: `O'chirish: ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Yo‘q' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `O'chirish: ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Ha' }).click();
  await expect(page.getByText("Restoran o'chirildi")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(counter(page, 'Jami')).toHaveText(String(all));
});

test('admin creates a restaurant from the integration source and syncs it', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: "Integratsiyadan qo'shish" }).click();
  const source = dialog(page).getByLabel(/^Restoran \(kassa tizimi\)/);
  await expect(source.locator('option')).not.toHaveCount(1);
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog(page).getByText('Iltimos, restoran va menedjer tanlang!')).toBeVisible();

  const sourceName = (await source.locator('option').nth(1).textContent())!.trim();
  await source.selectOption({ index: 1 });
  await dialog(page)
    .getByLabel(/^Menedjer/)
    .selectOption({ index: 1 });
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText("Restoran qo'shildi")).toBeVisible();
  const row = page.getByTestId(/^restaurant-row-/).filter({ hasText: sourceName });
  await expect(row.getByText('Integratsiya')).toBeVisible();

  await row.getByRole('button', { name: `Sinxronlash: ${sourceName}` }).click();
  // The sync says what it changed (created a moment ago from the same source: nothing).
  await expect(page.getByText("Sinxronlandi: o'zgarish yo'q")).toBeVisible({ timeout: 60_000 });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list reads as cards, nothing scrolls sideways, the drawer opens the sidebar', async ({ page }) => {
    await logIn(page);
    await expect(page.getByTestId(/^restaurant-row-/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.E2E_PHONE_SHOT) await page.screenshot({ path: process.env.E2E_PHONE_SHOT, fullPage: true });
    await expect(page.getByRole('navigation', { name: 'sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Menyu', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Profil' }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profil' })).toBeVisible();
  });
});
