import type { Page } from '@playwright/test';
import { MenuApi, type MenuManager } from './support/menu-fixtures';
import { setServerClock } from './support/server-clock';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * Dish facts and a menu that follows the clock, on a phone, in Chromium against the real server: a manager marks a
 * dish vegetarian with nuts in it and limits breakfast to 08:00–11:00 in the panel; a diner filters "Yong'oqsiz" and
 * does not see the dish; at 11:00 (the server's clock moved, nothing written) breakfast greys out with when it is
 * served again.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
test.setTimeout(120_000);

let api: MenuApi;
let manager: MenuManager;
let slug: string;
let breakfastId: string;
let hotId: string;

/** Today at `hour:minute` in Tashkent (UTC+5, no daylight saving). */
function tashkentToday(hour: number, minute: number): Date {
  const local = new Date(Date.now() + 5 * 3_600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour - 5, minute));
}

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  manager = await api.manager('taom');
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  slug = mine.data[0]!.slug;
  const category = async (title: string) =>
    (
      await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
        title,
        restaurant_id: manager.restaurantId,
      })
    ).data._id;
  const product = (name: string, category_id: string, price: number) =>
    api.call('POST', '/manager/products', manager.token, { name, category_id, price, is_active: true, images: [] });
  breakfastId = await category('Nonushta');
  hotId = await category('Issiq taomlar');
  await product('Quymoq', breakfastId, 15000);
  await product("Yong'oqli palov", hotId, 45000);
  await product('Mastava', hotId, 30000);
});
test.afterAll(async () => {
  await setServerClock(null);
  await api.close();
});

const modalBody = (page: Page) => page.getByRole('dialog').locator('.modal-body');
const scrollToBottom = (page: Page) => modalBody(page).evaluate((body) => body.scrollTo(0, body.scrollHeight));

test('a dish with nuts is filtered out by "Yong\'oqsiz", and breakfast greys out at 11:00', async ({
  page,
  browser,
}) => {
  await setServerClock(tashkentToday(10, 58));
  await startWithToken(page, manager.token);

  // The manager: vegetarian, with nuts, 350 g.
  await page.goto(`/ManagerProductTable/${hotId}`);
  await page.getByRole('button', { name: "Tahrirlash: Yong'oqli palov" }).click();
  const form = page.getByRole('dialog', { name: 'Mahsulotni tahrirlash' });
  await form.getByText('Taom haqida', { exact: true }).click();
  await form.getByLabel('Porsiya').fill('350');
  await form.getByRole('button', { name: 'Vegetarian', exact: true }).click();
  await form.getByRole('button', { name: "Yong'oq", exact: true }).click();
  await expect(form.getByRole('button', { name: "Yong'oq", exact: true })).toHaveAttribute('aria-pressed', 'true');
  await scrollToBottom(page);
  await page.screenshot({ path: 'docs/screenshots/dish-facts-phone.png' });
  const saved = page.waitForRequest((r) => r.url().includes('/manager/products/') && r.method() === 'PUT');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  expect((await saved).postDataJSON()).toMatchObject({
    portion: { value: 350, unit: 'g' },
    tags: ['vegetarian'],
    allergens: ['nuts'],
  });
  await expect(form).toBeHidden();
  await expect(page.getByTestId(/^product-row-/).filter({ hasText: "Yong'oqli palov" })).toContainText('350');

  // Breakfast from 08:00 to 11:00, every day.
  await page.goto('/managerCategoryList');
  await page.getByRole('button', { name: 'Tahrirlash: Nonushta' }).click();
  const categoryForm = page.getByRole('dialog');
  await categoryForm.getByText('Vaqt jadvali', { exact: true }).click();
  await categoryForm.getByLabel('Har doim', { exact: true }).uncheck();
  await categoryForm.getByLabel('Boshlanishi').fill('08:00');
  await categoryForm.getByLabel('Tugashi').fill('11:00');
  await scrollToBottom(page);
  await page.screenshot({ path: 'docs/screenshots/category-schedule-phone.png' });
  await categoryForm.getByRole('button', { name: 'Saqlash' }).click();
  await expect(categoryForm).toBeHidden();

  // The diner at 10:58: everything is served; "Yong'oqsiz" hides the palov at once.
  const diner = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const menu = await diner.newPage();
  await menu.goto(`/menu/${slug}`);
  const dish = (name: string) => menu.locator('article').filter({ has: menu.getByRole('heading', { name }) });
  await expect(dish("Yong'oqli palov")).toContainText('350');
  await expect(dish("Yong'oqli palov").getByText('Vegetarian')).toBeVisible();
  await expect(menu.locator('.sn')).toHaveCount(0);
  await menu.getByRole('button', { name: "Yong'oqsiz" }).click();
  await expect(dish("Yong'oqli palov")).toBeHidden();
  await expect(dish('Mastava')).toBeVisible();
  await expect(menu).toHaveURL(/without=nuts/);
  await menu.screenshot({ path: 'docs/screenshots/menu-filter-phone.png', fullPage: true });

  // Without JavaScript the chip is a link to the same filtered page.
  const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const plainMenu = await plain.newPage();
  await plainMenu.goto(`/menu/${slug}?without=nuts`);
  await expect(plainMenu.getByRole('heading', { name: "Yong'oqli palov" })).toBeHidden();
  await expect(plainMenu.getByRole('heading', { name: 'Mastava' })).toBeVisible();
  await plain.close();

  // 11:00: breakfast is over. The page follows the clock without anything written.
  await setServerClock(tashkentToday(11, 0));
  await menu.goto(`/menu/${slug}`);
  const breakfast = menu.locator('section').filter({ has: menu.getByRole('heading', { name: 'Nonushta' }) });
  await expect(breakfast.locator('.sn')).toHaveText(/08:00 dan$/);
  await expect(breakfast).toHaveClass(/\bla\b/);
  await menu.screenshot({ path: 'docs/screenshots/menu-breakfast-over-phone.png', fullPage: true });
  await diner.close();
});

test('a restaurant that closes while a table orders refuses the order in the page’s words and keeps the cart', async ({
  page,
}) => {
  await setServerClock(tashkentToday(10, 58));
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { ordering_enabled: true });
  const table = await api.call<{ data: { token: string } }>('POST', '/manager/tables', manager.token, {
    restaurant_id: manager.restaurantId,
    name: '1',
  });
  await page.goto(`/menu/${slug}?table=${table.data.token}`);
  const mastava = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Mastava' }) });
  await mastava.getByRole('button', { name: "Savatga qo'shish: Mastava" }).click();
  await expect(page.locator('.cbb')).toContainText('1 ta taom');

  // The restaurant's hours start at noon: it is closed now, and the page was loaded while it was open.
  const noon = { '1': [['12:00', '23:00']] } as Record<string, string[][]>;
  for (const day of ['2', '3', '4', '5', '6', '7']) noon[day] = noon['1']!;
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { working_hours: noon });
  try {
    await page.locator('.cbb').click();
    const cart = page.getByRole('dialog', { name: 'Savat' });
    await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
    await expect(cart.getByText('Restoran hozir yopiq: buyurtma qabul qilinmadi.', { exact: false })).toBeVisible();
    await expect(cart).toContainText('Mastava');
    await page.screenshot({ path: 'docs/screenshots/menu-closed-cart-phone.png' });

    // A new visit shows why, and offers no "+" until noon.
    await page.goto(`/menu/${slug}?table=${table.data.token}`);
    await expect(page.getByText('Hozir yopiq, 12:00 da ochiladi')).toBeVisible();
    await expect(mastava.getByRole('button', { name: "Savatga qo'shish: Mastava" })).toHaveCount(0);
  } finally {
    await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { working_hours: null });
  }
});
