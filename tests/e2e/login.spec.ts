import { DEMO_ADMIN } from '../../server/dev/demo/data';
import { expect, test } from './support/test';

/** Spec 2.3 in Chromium against the real server (DEMO=1). */

test('the login screen refuses a wrong password, then lets the admin in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Menyu' })).toBeVisible();

  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByText('Login kiritilishi shart')).toBeVisible();

  await page.getByLabel('Login').fill(DEMO_ADMIN.login);
  await page.getByLabel('Parol').fill('wrong-password');
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByText('Login yoki parol xato')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await page.getByLabel('Parol').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();

  // A reload keeps the session (the token is decoded at start-up).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/nowhere/at-all');
  await expect(page.getByRole('heading', { name: 'Sahifa topilmadi' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bosh sahifaga qaytish' })).toHaveAttribute('href', '/admin');
});
