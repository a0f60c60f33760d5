import type { Page } from '@playwright/test';
import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/** The manager's journeys on a phone (390 px) in Chromium against the real server (DEMO=1). */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const [rayhon, bahor] = DEMO_MANAGERS as [(typeof DEMO_MANAGERS)[number], (typeof DEMO_MANAGERS)[number]];

async function logIn(page: Page, who: { login: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Login').fill(who.login);
  await page.getByLabel('Parol').fill(who.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page).toHaveURL(/\/manager$/);
}

test('the manager screen on a phone (screenshot)', async ({ page }) => {
  await signIn(page, rayhon);
  await page.goto('/manager');
  await expect(page.getByTestId(/^manager-restaurant-/).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'bottom navigation' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve)),
      ),
    ),
  );
  // Nothing scrolls sideways at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'docs/screenshots/manager-phone.png' });
});

test('a manager logs in, edits the restaurant, logs out', async ({ page }) => {
  await logIn(page, bahor);
  const card = page.getByTestId(/^manager-restaurant-/).first();
  await card.getByRole('button', { name: "O'zgartirish" }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Update Restaurant' })).toBeVisible();
  const workTime = `10:00 - ${20 + (Date.now() % 4)}:00`;
  await modal.getByLabel('Work Time').fill(workTime);
  const update = page.waitForRequest((r) => r.url().includes('/manager/restaurants/update') && r.method() === 'PUT');
  await modal.getByRole('button', { name: 'Update' }).click();
  expect((await update).postDataJSON()).toEqual({ work_time: workTime });
  await expect(page.getByText('Restaurant updated successfully!')).toBeVisible();
  await expect(card.getByText(workTime)).toBeVisible();

  await page.getByRole('button', { name: 'Hisobdan chiqish' }).click();
  await expect(page.getByText('Siz hisobingizdan chiqishni xohlaysizmi?')).toBeVisible();
  await page.getByRole('button', { name: 'Ha, chiqish' }).click();
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a manager typing /admin is sent to /manager', async ({ page }) => {
  await signIn(page, rayhon);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/manager$/);
  await page.goto('/admin/restaurants');
  await expect(page).toHaveURL(/\/manager$/);
  await expect(
    page.getByRole('navigation', { name: 'bottom navigation' }).getByRole('link', { name: 'Asosiy' }),
  ).toHaveAttribute('aria-current', 'page');
});
