import type { Page } from '@playwright/test';
import { MenuApi, type MenuManager } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * The menu's option sheet on a 390 px phone shows what the cart gets: a required option (a portion) starts on its
 * first row, visibly checked and marked "majburiy"; an optional one (a sauce) starts on "Kerak emas", and adding the
 * dish as shown puts exactly the checked rows in the cart and the order. A restaurant of its own, made through the API.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

let api: MenuApi;
let manager: MenuManager;
let slug: string;
let tableId: string;

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  manager = await api.manager('opsiya');
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  slug = mine.data[0]!.slug;
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { ordering_enabled: true });
  const tables = await api.call<{ data: { _id: string; token?: string }[] }>(
    'POST',
    '/manager/tables/bulk',
    manager.token,
    { restaurant_id: manager.restaurantId, from: 1, to: 1 },
  );
  // The table's link carries its token where tables have one, its id before that.
  tableId = tables.data[0]!.token ?? tables.data[0]!._id;
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
    title: 'Milliy taomlar',
    restaurant_id: manager.restaurantId,
    is_active: true,
  });
  const product = await api.call<{ data: { id: string } }>('POST', '/manager/products', manager.token, {
    name: 'Samarqand oshi',
    description: '',
    category_id: category.data._id,
    price: 48000,
    is_active: true,
    images: [],
  });
  for (const [name, required, rows] of [
    [
      'Porsiya',
      true,
      [
        ['1 porsiya', 0],
        ['1.5 porsiya', 24000],
      ],
    ],
    [
      'Sous',
      false,
      [
        ['Sarimsoqli', 2000],
        ['Achchiq', 1000],
      ],
    ],
  ] as const) {
    const option = await api.call<{ _id: string }>('POST', '/manager/product-option', manager.token, {
      product_id: product.data.id,
      name,
      required,
    });
    for (const [row, price] of rows)
      await api.call('POST', '/manager/product-option-row', manager.token, {
        product_option_id: option._id,
        name: row,
        price,
      });
  }
});

test.afterAll(async () => {
  await api?.close();
});

const openSheet = async (page: Page) => {
  await page.goto(`/menu/${slug}?table=${tableId}`);
  await page.getByRole('button', { name: "Savatga qo'shish: Samarqand oshi" }).click();
  const sheet = page.getByRole('dialog', { name: 'Samarqand oshi' });
  await expect(sheet).toBeVisible();
  return sheet;
};

test('the sheet shows the defaults as chosen, and the cart and the order get exactly them', async ({ page }) => {
  const sheet = await openSheet(page);
  const portion = sheet.getByRole('group', { name: /Porsiya/ });
  const sauce = sheet.getByRole('group', { name: /Sous/ });
  await expect(portion.locator('legend')).toContainText('majburiy');
  await expect(sauce.locator('legend')).not.toContainText('majburiy');
  // The required portion: its first row checked; no "none" for it. The optional sauce: "Kerak emas" checked.
  await expect(portion.getByRole('radio', { name: '1 porsiya', exact: true })).toBeChecked();
  await expect(portion.getByRole('radio', { name: 'Kerak emas' })).toHaveCount(0);
  await expect(sauce.getByRole('radio', { name: 'Kerak emas' })).toBeChecked();
  await expect(sauce.getByRole('radio', { name: /Sarimsoqli/ })).not.toBeChecked();
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 48 000 so'm" })).toBeVisible();
  await page.screenshot({ path: 'test-results/option-sheet-phone.png' });

  await sheet.getByRole('button', { name: /Savatga qo'shish/ }).click();
  await expect(sheet).toBeHidden();
  const bar = page.locator('.cbb');
  await expect(bar).toContainText("48 000 so'm");
  await bar.click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  await expect(cart.locator('.cl .rw')).toHaveText('1 porsiya');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(page.locator('#os')).toContainText("Jami: 48 000 so'm");

  const orders = await api.call<{ data: { items: { rows: { name: string }[] }[] }[] }>(
    'GET',
    `/manager/orders?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );
  expect(orders.data[0]!.items[0]!.rows.map((row) => row.name)).toEqual(['1 porsiya']);
});

test('a changed choice is what the price and the cart show; going back to "Kerak emas" drops the sauce', async ({
  page,
}) => {
  const sheet = await openSheet(page);
  await sheet.getByRole('radio', { name: /1\.5 porsiya/ }).check();
  await sheet.getByRole('radio', { name: /Sarimsoqli/ }).check();
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 74 000 so'm" })).toBeVisible();
  await sheet.getByRole('radio', { name: 'Kerak emas' }).check();
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 72 000 so'm" })).toBeVisible();
  await sheet.getByRole('radio', { name: /Achchiq/ }).check();
  await sheet.getByRole('button', { name: /Savatga qo'shish/ }).click();
  await page.locator('.cbb').click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  await expect(cart.locator('.cl .rw')).toHaveText('1.5 porsiya, Achchiq');
  await expect(cart).toContainText("73 000 so'm");
});
