import type { Page } from '@playwright/test';
import { DEMO_ADMIN } from '../../server/dev/demo/data';
import { type MenuApi as Api, logInAsManager, MenuApi, type MenuManager } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * Private modes and blocked site data: the browser throws on `window.localStorage` itself (SecurityError). The
 * panel must still work for the session, keeping the token in memory; a reload logs out, which is expected.
 */

let api: Api;
let manager: MenuManager;

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  manager = await api.manager('blocked');
  for (const title of ['Issiq taomlar', 'Ichimliklar']) {
    const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
      title,
      restaurant_id: manager.restaurantId,
    });
    await api.call('POST', '/manager/products', manager.token, {
      name: title === 'Ichimliklar' ? 'Choy' : 'Osh',
      category_id: category.data._id,
      price: 25000,
    });
  }
});
test.afterAll(async () => {
  await api.close();
});

test.beforeEach(async ({ page }) => {
  // What Chromium does with "Block third-party cookies and site data": reading the property throws.
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException(`The access to ${name} is denied for this document.`, 'SecurityError');
        },
      });
    }
  });
});

/** React Router's crash screen: what the user saw before the fix. */
const expectNoCrash = (page: Page) => expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'bottom navigation' });

const categoryTitles = (page: Page) =>
  page.getByTestId(/^category-row-/).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.title));

test.describe('admin on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('with storage blocked the admin logs in and works; a reload logs out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Menyu' })).toBeVisible();
    await expectNoCrash(page);

    await page.getByLabel('Login').fill(DEMO_ADMIN.login);
    await page.getByLabel('Parol').fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Kirish' }).click();
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
    await expect(page.getByRole('heading', { name: 'Restoranlar' })).toBeVisible();
    // The list came from an authenticated call: the token held in memory was sent.
    await expect(page.getByTestId(/^restaurant-row-/).first()).toBeVisible();
    await expectNoCrash(page);

    await page.getByRole('navigation', { name: 'sidebar' }).getByRole('link', { name: 'Menedjerlar' }).click();
    await expect(page.getByRole('heading', { name: 'Menedjerlar' })).toBeVisible();
    await expect(page.getByRole('cell', { name: manager.login, exact: true })).toBeVisible();
    await expectNoCrash(page);

    // A reload forgets the in-memory session: the login screen, not a crash.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible();
    await expectNoCrash(page);
  });
});

test.describe('manager on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('with storage blocked a manager reorders categories and uses the stop-list (390 px)', async ({ page }) => {
    await logInAsManager(page, manager.login);
    await expect(page.getByTestId(/^manager-restaurant-/).first()).toBeVisible();
    await expectNoCrash(page);

    // The restaurant chosen at login is kept in memory too: the categories tab works on it.
    await bottomNav(page).getByRole('link', { name: 'Kategoriyalar' }).click();
    await expect(page).toHaveURL(/\/managerCategoryList$/);
    await expect(page.getByTestId(/^category-row-/)).toHaveCount(2);
    expect(await categoryTitles(page)).toEqual(['Issiq taomlar', 'Ichimliklar']);

    // Reordering stores the order in the browser (spec 3) and on the server: storing must not break the save.
    const saved = page.waitForResponse((r) => r.url().endsWith('/manager/category/order') && r.ok());
    await page.getByRole('button', { name: "Tartibni o'zgartirish: Ichimliklar" }).focus();
    await page.keyboard.press('ArrowUp');
    await saved;
    expect(await categoryTitles(page)).toEqual(['Ichimliklar', 'Issiq taomlar']);
    const onServer = await api.call<{ categories: Array<{ title: string }> }>(
      'GET',
      `/user/category?restaurant_id=${manager.restaurantId}`,
      manager.token,
    );
    expect(onServer.categories.map((c) => c.title)).toEqual(['Ichimliklar', 'Issiq taomlar']);
    await expectNoCrash(page);

    // The stop-list reads the restaurant chosen at login (kept in memory) and lists its products.
    await bottomNav(page).getByRole('link', { name: 'Menyu', exact: true }).click();
    await expect(page).toHaveURL(/\/productStopList$/);
    await expect(page.getByRole('region', { name: 'Ichimliklar' }).getByText('Choy')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Issiq taomlar' }).getByText('Osh')).toBeVisible();
    await expectNoCrash(page);

    await bottomNav(page).getByRole('link', { name: 'Kategoriyalar' }).click();
    await expect(page.getByTestId(/^category-row-/)).toHaveCount(2);
    expect(await categoryTitles(page)).toEqual(['Ichimliklar', 'Issiq taomlar']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/storage-blocked-phone.png' });
  });
});
