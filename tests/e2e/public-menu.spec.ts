import type { Page } from '@playwright/test';
import { formatPrice } from '../../lib/format';
import { DEMO_RESTAURANTS } from '../../server/dev/demo/data';
import { expect, test } from './support/test';

/**
 * The public menu as a diner sees it after scanning the table's QR code: a phone (390 x 844), nobody logged in,
 * the demo restaurant seeded by DEMO=1. Expectations come from the demo data set itself.
 */
const rayhon = DEMO_RESTAURANTS.find((r) => r.slug === 'rayhon')!;
const firstCategory = rayhon.categories[0]!;
const firstProduct = firstCategory.products.find((p) => p.active !== false)!;
const stopped = rayhon.categories.flatMap((c) => c.products).find((p) => p.active === false)!;
const withOptions = rayhon.categories.flatMap((c) => c.products).find((p) => p.options && p.options.length > 0)!;

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** Console errors (a CSP violation by the inline script shows up here) fail the test. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a diner opens the menu on a phone', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/menu?slug=rayhon');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${rayhon.name} — Menyu`);
  await expect(page.getByRole('heading', { level: 1, name: rayhon.name })).toBeVisible();
  await expect(page.getByRole('link', { name: rayhon.phone_number })).toHaveAttribute('href', /^tel:\+998/);
  await expect(page.getByRole('heading', { level: 2, name: firstCategory.title })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: firstCategory.title })).toBeVisible();
  const firstCard = page.locator('article', { has: page.getByRole('heading', { level: 3, name: firstProduct.name }) });
  await expect(firstCard.getByText(formatPrice(firstProduct.price), { exact: true })).toBeVisible();
  await expect(firstCard.getByText(/\d\sso'm$/).first()).toBeVisible();

  // Wait for the pictures of the first screen so the screenshot shows them.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.images)
        .filter((img) => img.loading !== 'lazy')
        .map((img) => (img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve)))),
    ),
  );
  await page.screenshot({ path: 'docs/screenshots/public-menu-phone.png' });

  const stoppedCard = page.locator('article', { has: page.getByRole('heading', { level: 3, name: stopped.name }) });
  await stoppedCard.scrollIntoViewIfNeeded();
  await expect(stoppedCard.getByText('Vaqtincha mavjud emas')).toBeVisible();
  await expect(stoppedCard).toHaveClass(/\boff\b/);
  expect(errors).toEqual([]);
});

test('a product with options opens in a sheet with its options listed', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/menu?slug=rayhon');
  const card = page.locator('main article', { has: page.getByRole('heading', { level: 3, name: withOptions.name }) });
  await card.getByRole('heading', { level: 3 }).click();
  const sheet = page.locator('dialog#sh');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 3, name: withOptions.name })).toBeVisible();
  const option = withOptions.options![0]!;
  await expect(sheet.getByRole('heading', { level: 4, name: option.name })).toBeVisible();
  for (const row of option.rows) await expect(sheet.getByText(row.name, { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Yopish' }).click();
  await expect(sheet).toBeHidden();

  // Tapping a category link scrolls to it and marks it as the current one.
  const last = rayhon.categories.at(-1)!;
  await page.getByRole('navigation').getByRole('link', { name: last.title }).click();
  await expect(page.getByRole('heading', { level: 2, name: last.title })).toBeInViewport();
  await expect(page.getByRole('navigation').getByRole('link', { name: last.title })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu, its jump links and the options still work', async ({ page }) => {
    await page.goto('/menu?slug=rayhon');
    await expect(page.getByRole('heading', { level: 1, name: rayhon.name })).toBeVisible();
    const card = page.locator('article', { has: page.getByRole('heading', { level: 3, name: withOptions.name }) });
    const option = withOptions.options![0]!;
    await expect(card.getByText(option.rows[0]!.name, { exact: true })).toBeHidden();
    await card.getByText('Variantlar').click();
    await expect(card.getByText(option.rows[0]!.name, { exact: true })).toBeVisible();
    const last = rayhon.categories.at(-1)!;
    await page.getByRole('navigation').getByRole('link', { name: last.title }).click();
    await expect(page).toHaveURL(/#c\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: last.title })).toBeInViewport();
  });
});

test.describe('an unknown restaurant', () => {
  // With no restaurant to offer languages, the 404 page speaks the phone's language (here Uzbek).
  test.use({ locale: 'uz-UZ' });

  test('gets the friendly 404 page', async ({ page }) => {
    const response = await page.goto('/menu?slug=bunday-restoran-yoq');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Menyu topilmadi' })).toBeVisible();
  });
});
