import type { Locator, Page } from '@playwright/test';
import { type MenuApi as Api, MenuApi, type MenuManager, pngFile } from './support/menu-fixtures';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * The manager's menu journey in Chromium against the real server: categories, products with images, an option
 * with three rows, a row price edit, drag reordering of categories and products that survives a reload and a
 * second browser profile (server order + localStorage), then deletes with confirms.
 */

test.use({ viewport: { width: 1280, height: 900 } });
test.setTimeout(120_000);

let api: Api;
let manager: MenuManager;

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  manager = await api.manager('menu');
});
test.afterAll(async () => {
  await api.close();
});

const dialog = (page: Page) => page.getByRole('dialog');
const rowTitles = (page: Page, prefix: string) =>
  page
    .getByTestId(new RegExp(`^${prefix}-row-`))
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.title ?? (row as HTMLElement).dataset.name));

/** Drags `row`'s handle onto the upper part of `target` (HTML5 drag and drop through react-dnd). */
async function drag(page: Page, handle: Locator, target: Locator) {
  const box = await target.boundingBox();
  await handle.dragTo(target, { targetPosition: { x: 40, y: Math.max(2, (box?.height ?? 20) / 4) } });
  await page.waitForTimeout(50);
}

async function addCategory(page: Page, title: string) {
  await page.getByRole('button', { name: "Kategoriya qo'shish" }).click();
  await dialog(page)
    .getByLabel(/^Kategoriya nomi/)
    .fill(title);
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.locator('.toast-body', { hasText: 'Kategoriya muvaffaqiyatli yaratildi!' }).first()).toBeVisible();
  await expect(page.getByTestId(/^category-row-/).filter({ hasText: title })).toBeVisible();
}

async function addProduct(page: Page, name: string, price: string, color: string) {
  await page.getByRole('button', { name: "Mahsulot qo'shish" }).click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: "Mahsulot qo'shish" })).toBeVisible();
  await form.getByLabel(/^Nomi/).fill(name);
  await form.getByLabel(/^Narxi/).fill(price);
  await form.getByLabel(/^Tavsif/).fill(`${name} — uy taomi`);
  const upload = page.waitForResponse((r) => r.url().endsWith('/manager/upload') && r.request().method() === 'POST');
  await form.getByLabel('Rasmlar', { exact: true }).setInputFiles(await pngFile(`${name}.png`, color));
  expect((await upload).status()).toBe(200);
  await expect(form.getByRole('img', { name: 'Rasm 1' })).toBeVisible();
  const create = page.waitForRequest((r) => r.url().endsWith('/manager/products') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  const body = (await create).postDataJSON();
  expect(body).toMatchObject({ name, price: Number(price), is_active: true });
  expect(body.images).toHaveLength(1);
  await expect(page.getByTestId(/^product-row-/).filter({ hasText: name })).toBeVisible();
}

async function addRow(page: Page, card: Locator, name: string, price: string) {
  await card.getByRole('button', { name: "Qator qo'shish" }).click();
  await expect(dialog(page).getByRole('heading', { name: "Yangi Qator Qo'shish" })).toBeVisible();
  await dialog(page)
    .getByLabel(/^Qator nomi/)
    .fill(name);
  await dialog(page)
    .getByLabel(/^Narxi/)
    .fill(price);
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(card.getByTestId(/^row-/).filter({ hasText: name })).toBeVisible();
}

async function confirmYes(page: Page, question: string) {
  await expect(dialog(page).getByText(question)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ha' }).click();
}

test('a manager builds a menu, reorders it by drag, and deletes with confirms', async ({ page, browser }) => {
  await startWithToken(page, manager.token);
  await page.goto('/manager');
  await page
    .getByRole('navigation', { name: 'bottom navigation' })
    .getByRole('link', { name: 'Kategoriyalar' })
    .click();
  await expect(page).toHaveURL(/\/managerCategoryList$/);
  await expect(page.getByText('Kategoriya mavjud emas')).toBeVisible();

  await addCategory(page, 'Issiq taomlar');
  await addCategory(page, 'Ichimliklar');
  expect(await rowTitles(page, 'category')).toEqual(['Issiq taomlar', 'Ichimliklar']);
  await expect(page.getByTestId('counter-Jami').locator('.counter-value')).toHaveText('2');

  // Products of the first category: two, each with an image.
  await page.getByRole('link', { name: "Ko'rish: Issiq taomlar" }).click();
  await expect(page).toHaveURL(/\/ManagerProductTable\//);
  const categoryId = page.url().split('/').pop()!;
  await expect(page.getByText('Bu kategoriyaga mahsulot biriktirilmagan.')).toBeVisible();
  await addProduct(page, 'Osh', '25000', '#e67e22');
  await addProduct(page, "Lag'mon", '30000', '#c0392b');
  await expect(
    page
      .getByTestId(/^product-row-/)
      .filter({ hasText: 'Osh' })
      .getByText("25 000 so'm"),
  ).toBeVisible();
  expect(await rowTitles(page, 'product')).toEqual(['Osh', "Lag'mon"]);

  // An option with three rows, then a row price edited.
  await page.getByRole('link', { name: 'Opsiyalar: Osh' }).click();
  await expect(page.getByRole('heading', { name: 'Mahsulot Parametrlari' })).toBeVisible();
  await expect(page.getByText('Opsiyalar mavjud emas')).toBeVisible();
  await page.getByRole('button', { name: "+ Option qo'shish" }).click();
  await dialog(page)
    .getByLabel(/^Opsiya nomi/)
    .fill('Hajmi');
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  const card = page.getByTestId(/^option-/).filter({ hasText: 'Hajmi' });
  await expect(card.getByText('Qatorlar mavjud emas')).toBeVisible();
  await addRow(page, card, 'Kichik', '0');
  await addRow(page, card, 'O‘rta', '5000');
  await addRow(page, card, 'Katta', '8000');
  await card.getByRole('button', { name: 'Tahrirlash: Katta' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Qatorni Tahrirlash' })).toBeVisible();
  await dialog(page)
    .getByLabel(/^Narxi/)
    .fill('9500');
  const rowEdit = page.waitForRequest((r) => r.url().includes('/manager/product-option-row/') && r.method() === 'PUT');
  await dialog(page).getByRole('button', { name: 'Saqlash' }).click();
  expect((await rowEdit).postDataJSON()).toEqual({ price: 9500 });
  await expect(card.getByTestId(/^row-/).filter({ hasText: 'Katta' }).getByText("9 500 so'm")).toBeVisible();

  // Products reordered by drag: saved on the server and in localStorage, kept after a reload.
  await page.goBack();
  await expect(page).toHaveURL(/\/ManagerProductTable\//);
  await expect(page.getByTestId(/^product-row-/)).toHaveCount(2);
  const productOrder = page.waitForResponse((r) => r.url().endsWith('/manager/products/order') && r.ok());
  await drag(
    page,
    page.getByRole('button', { name: "Tartibni o'zgartirish: Lag'mon" }),
    page.getByTestId(/^product-row-/).filter({ hasText: 'Osh' }),
  );
  await productOrder;
  expect(await rowTitles(page, 'product')).toEqual(["Lag'mon", 'Osh']);
  const storedProducts = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]'),
    `productOrder_${categoryId}`,
  );
  expect(storedProducts).toHaveLength(2);
  await page.reload();
  await expect(page.getByTestId(/^product-row-/)).toHaveCount(2);
  expect(await rowTitles(page, 'product')).toEqual(["Lag'mon", 'Osh']);

  // Categories reordered by drag.
  await page.getByRole('link', { name: 'Orqaga' }).click();
  await expect(page).toHaveURL(/\/managerCategoryList$/);
  await expect(page.getByTestId(/^category-row-/)).toHaveCount(2);
  const categoryOrder = page.waitForResponse((r) => r.url().endsWith('/manager/category/order') && r.ok());
  await drag(
    page,
    page.getByRole('button', { name: "Tartibni o'zgartirish: Ichimliklar" }),
    page.getByTestId(/^category-row-/).filter({ hasText: 'Issiq taomlar' }),
  );
  await categoryOrder;
  expect(await rowTitles(page, 'category')).toEqual(['Ichimliklar', 'Issiq taomlar']);
  expect(
    await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]').length,
      `categoryOrder_${manager.restaurantId}`,
    ),
  ).toBe(2);
  await page.reload();
  await expect(page.getByTestId(/^category-row-/)).toHaveCount(2);
  expect(await rowTitles(page, 'category')).toEqual(['Ichimliklar', 'Issiq taomlar']);

  // Another browser profile (nothing in its localStorage) shows the same order: it is the server's.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await other.newPage();
  await startWithToken(second, manager.token);
  await second.goto('/managerCategoryList');
  await expect(second.getByTestId(/^category-row-/)).toHaveCount(2);
  expect(await rowTitles(second, 'category')).toEqual(['Ichimliklar', 'Issiq taomlar']);
  await second.goto(`/ManagerProductTable/${categoryId}`);
  await expect(second.getByTestId(/^product-row-/)).toHaveCount(2);
  expect(await rowTitles(second, 'product')).toEqual(["Lag'mon", 'Osh']);
  await other.close();
  // The public menu reads the same order.
  const publicCategories = await api.call<{ categories: Array<{ title: string }> }>(
    'GET',
    `/user/category?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );
  expect(publicCategories.categories.map((c) => c.title)).toEqual(['Ichimliklar', 'Issiq taomlar']);

  // Deletes, each after its confirm: a row, the option, a product, a category.
  await page.goto(`/ManagerProductTable/${categoryId}`);
  await page.getByRole('link', { name: 'Opsiyalar: Osh' }).click();
  const hajmi = page.getByTestId(/^option-/).filter({ hasText: 'Hajmi' });
  await hajmi.getByRole('button', { name: /^Hajmi/ }).click();
  await hajmi.getByRole('button', { name: "O'chirish: Kichik" }).click();
  await confirmYes(page, "Bu qatorni o'chirishni xohlaysizmi?");
  await expect(page.locator('.toast-body', { hasText: "Qator o'chirildi" })).toBeVisible();
  await expect(hajmi.getByTestId(/^row-/)).toHaveCount(2);
  await hajmi.getByRole('button', { name: "O'chirish: Hajmi" }).click();
  await confirmYes(page, "Bu variantni o'chirishni xohlaysizmi?");
  await expect(page.getByText('Opsiyalar mavjud emas')).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: "O'chirish: Osh" }).click();
  await confirmYes(page, "Haqiqatan ham o'chirmoqchimisiz?");
  await expect(page.locator('.toast-body', { hasText: "Mahsulot muvaffaqiyatli o'chirildi!" })).toBeVisible();
  await expect(page.getByTestId(/^product-row-/)).toHaveCount(1);
  expect(
    await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, `productOrder_${categoryId}`),
  ).toBe(1);

  await page.getByRole('link', { name: 'Orqaga' }).click();
  await page.getByRole('button', { name: "O'chirish: Ichimliklar" }).click();
  await confirmYes(page, "Haqiqatan ham ushbu toifani o'chirmoqchimisiz?");
  await expect(page.locator('.toast-body', { hasText: "Kategoriya muvaffaqiyatli o'chirildi!" })).toBeVisible();
  expect(await rowTitles(page, 'category')).toEqual(['Issiq taomlar']);

  const left = await api.call<{ data: Array<{ name: string }> }>(
    'GET',
    `/manager/products?category_id=${categoryId}`,
    manager.token,
  );
  expect(left.data.map((p) => p.name)).toEqual(["Lag'mon"]);
});
