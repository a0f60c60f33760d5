import type { Page } from '@playwright/test';
import { MenuApi, type MenuApi as MenuApiType, type MenuManager } from './support/menu-fixtures';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * The panel's journey on a 390 px phone: a manager turns Русский on for the restaurant (the Update
 * Restaurant modal), the product list marks the product "ru yo'q", the product form gets a Русский tab where the
 * manager types the Russian name; then a diner whose browser speaks Russian (locale ru-RU) opens /menu/{slug} and
 * reads it. Screenshots of the form with its tabs, scrolled to the bottom, at 390 and 1280 px.
 */

const PHONE = { width: 390, height: 844 };

let api: MenuApiType;
let manager: MenuManager;
let slug: string;
let categoryId: string;

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  manager = await api.manager('tarjima');
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  slug = mine.data[0]!.slug;
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
    title: 'Suyuq taomlar',
    restaurant_id: manager.restaurantId,
  });
  categoryId = category.data._id;
  await api.call('POST', '/manager/products', manager.token, {
    name: "Sho'rva",
    category_id: categoryId,
    price: 32000,
    description: "Qo'y go'shti bilan",
    is_active: true,
    images: [],
  });
});
test.afterAll(() => api.close());

/** The sheet's body scrolled to its end: what a phone shows last (the last field above the buttons). */
async function scrollFormToBottom(page: Page) {
  await page
    .getByRole('dialog')
    .locator('.modal-body')
    .evaluate((body) => body.scrollTo(0, body.scrollHeight));
}

test.describe('translations on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a manager adds a Russian name and a diner with a Russian browser reads it', async ({ page, browser }) => {
    await startWithToken(page, manager.token);
    await page.goto('/manager');

    // The restaurant offers Русский: the manager's Update Restaurant modal.
    await page.getByRole('button', { name: "O'zgartirish", exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Update Restaurant' });
    await expect(modal.getByRole('group', { name: 'Menyu tillari' })).toBeVisible();
    await expect(modal.getByRole('checkbox', { name: /O'zbekcha/ })).toBeDisabled();
    await expect(modal.getByRole('tablist')).toHaveCount(0);
    await modal.getByRole('checkbox', { name: 'Русский' }).check();
    // The modal's own texts now have a Русский tab too.
    await expect(modal.getByRole('tab', { name: 'Русский' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Pastga: Русский' })).toBeDisabled();
    for (const target of await modal.locator('.menu-language').all())
      expect(Math.round((await target.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
    await scrollFormToBottom(page);
    await page.screenshot({ path: 'docs/screenshots/menu-languages-phone.png' });
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(modal).toBeHidden();
    const restaurant = await api.call<{ data: { languages: string[] }[] }>(
      'GET',
      '/manager/restaurants/me',
      manager.token,
    );
    expect(restaurant.data[0]!.languages).toEqual(['uz', 'ru']);

    // The product list marks what is left to translate.
    await page.goto(`/ManagerProductTable/${categoryId}`);
    const row = page.getByTestId(/^product-row-/).filter({ hasText: "Sho'rva" });
    await expect(row.getByText("ru yo'q")).toBeVisible();
    await expect(row.locator('.translation-missing')).toHaveAttribute('title', "Tarjima yo'q: Русский");

    await row.getByRole('button', { name: "Tahrirlash: Sho'rva" }).click();
    const form = page.getByRole('dialog', { name: 'Mahsulotni tahrirlash' });
    const tabs = form.getByRole('tab');
    await expect(tabs).toHaveText(["O'zbekcha", 'Русский']);
    await expect(form.getByRole('tab', { name: "O'zbekcha" })).toHaveAttribute('aria-selected', 'true');
    for (const tab of await tabs.all())
      expect(Math.round((await tab.boundingBox())!.height)).toBeGreaterThanOrEqual(44);

    await form.getByRole('tab', { name: 'Русский' }).click();
    await form.getByLabel('Nomi (Русский)').fill('Шурпа');
    await form.getByLabel('Tavsif (Русский)').fill('С бараниной');
    await scrollFormToBottom(page);
    await page.screenshot({ path: 'docs/screenshots/translation-tabs-phone.png' });
    await form.getByRole('button', { name: 'Saqlash' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByText("ru yo'q")).toHaveCount(0);

    // A diner whose phone speaks Russian.
    const diner = await browser.newContext({ locale: 'ru-RU', viewport: PHONE, isMobile: true, hasTouch: true });
    const menu = await diner.newPage();
    await menu.goto(`/menu/${slug}`);
    await expect(menu.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(menu.getByText('Шурпа', { exact: true })).toBeVisible();
    await expect(menu.getByText('С бараниной')).toBeVisible();
    await diner.close();
  });
});

test('the product form with its tabs on a desktop (screenshot)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await startWithToken(page, manager.token);
  await page.goto(`/ManagerProductTable/${categoryId}`);
  await page.getByRole('button', { name: "Tahrirlash: Sho'rva" }).click();
  const form = page.getByRole('dialog', { name: 'Mahsulotni tahrirlash' });
  await form.getByRole('tab', { name: 'Русский' }).click();
  await expect(form.getByLabel('Nomi (Русский)')).toHaveValue('Шурпа');
  await scrollFormToBottom(page);
  await page.screenshot({ path: 'docs/screenshots/translation-tabs-desktop.png' });
});
