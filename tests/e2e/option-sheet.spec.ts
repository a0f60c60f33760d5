import type { Page } from '@playwright/test';
import { MenuApi, type MenuManager } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * The menu's option sheet on a 390 px phone shows what the cart gets: a required option (a portion) starts on its
 * first row, visibly checked and marked "majburiy"; an optional one (a sauce) starts on "Kerak emas", and adding the
 * dish as shown puts exactly the checked rows in the cart and the order. An option of extras (max_choices > 1) is
 * checkboxes, none ticked, its legend saying how many: ticked rows all reach the order, a full group's other boxes are
 * disabled, and fewer than its minimum keeps the dish out of the cart. A restaurant of its own, made through the API:
 * the demo's "Osh (to'y oshi)" (its extras, up to two) is copied here, as the demo's Rayhon takes no orders.
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
  // Each option: its name, its choice counts, its rows with their prices.
  type Option = readonly [
    string,
    { min_choices?: number; max_choices?: number },
    readonly (readonly [string, number])[],
  ];
  const dish = async (name: string, price: number, options: readonly Option[]) => {
    const product = await api.call<{ data: { id: string } }>('POST', '/manager/products', manager.token, {
      name,
      description: '',
      category_id: category.data._id,
      price,
      is_active: true,
      images: [],
    });
    for (const [option, counts, rows] of options) {
      const created = await api.call<{ _id: string }>('POST', '/manager/product-option', manager.token, {
        product_id: product.data.id,
        name: option,
        ...counts,
      });
      for (const [row, rowPrice] of rows)
        await api.call('POST', '/manager/product-option-row', manager.token, {
          product_option_id: created._id,
          name: row,
          price: rowPrice,
        });
    }
  };
  await dish('Samarqand oshi', 48000, [
    [
      'Porsiya',
      { min_choices: 1 },
      [
        ['1 porsiya', 0],
        ['1.5 porsiya', 24000],
      ],
    ],
    [
      'Sous',
      {},
      [
        ['Sarimsoqli', 2000],
        ['Achchiq', 1000],
      ],
    ],
  ]);
  // The demo's dish (server/dev/demo/data.ts): an optional portion and extras, up to two.
  await dish("Osh (to'y oshi)", 45000, [
    [
      'Porsiya',
      {},
      [
        ['1 porsiya', 0],
        ['1.5 porsiya', 23000],
        ['2 porsiya', 46000],
      ],
    ],
    [
      "Qo'shimcha",
      { max_choices: 2 },
      [
        ['Qazi', 15000],
        ['Bedana tuxumi', 5000],
      ],
    ],
  ]);
  // Extras with a minimum below the maximum, and more rows than the maximum: a full group has boxes to disable.
  await dish('Salat', 20000, [
    [
      "Ko'katlar",
      { min_choices: 1, max_choices: 2 },
      [
        ['Rayhon', 1000],
        ['Ukrop', 1000],
        ['Kashnich', 2000],
      ],
    ],
  ]);
});

test.afterAll(async () => {
  await api?.close();
});

const openSheet = async (page: Page, dish = 'Samarqand oshi') => {
  await page.goto(`/menu/${slug}?table=${tableId}`);
  await page.getByRole('button', { name: `Savatga qo'shish: ${dish}` }).click();
  const sheet = page.getByRole('dialog', { name: dish });
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

const ordersOfRestaurant = () =>
  api.call<{ data: { items: { name: string; rows: { name: string }[] }[] }[] }>(
    'GET',
    `/manager/orders?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );

test("the demo's Osh: extras are checkboxes, both ticked make 65 000 so'm, and the order gets both rows", async ({
  page,
}) => {
  const sheet = await openSheet(page, "Osh (to'y oshi)");
  const extras = sheet.getByRole('group', { name: /Qo'shimcha/ });
  await expect(extras.locator('legend')).toContainText('2 tagacha');
  const qazi = extras.getByRole('checkbox', { name: /Qazi/ });
  const quail = extras.getByRole('checkbox', { name: /Bedana tuxumi/ });
  // Nothing ticked to start with, and no "none" among extras: an empty group is the none.
  await expect(qazi).not.toBeChecked();
  await expect(quail).not.toBeChecked();
  await expect(extras.getByRole('checkbox', { name: 'Kerak emas' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 45 000 so'm" })).toBeVisible();
  await qazi.check();
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 60 000 so'm" })).toBeVisible();
  await quail.check();
  const add = sheet.getByRole('button', { name: "Savatga qo'shish · 65 000 so'm" });
  await expect(add).toBeVisible();
  // The price is one amount on one line: the grouping and the currency keep their non-breaking spaces.
  expect(await add.locator('span').textContent()).toBe("65\u00a0000\u00a0so'm");
  // The legend and every row fit the 390 px sheet: nothing wider than the dialog.
  expect(await sheet.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/option-sheet-extras-phone.png' });

  await add.click();
  await expect(sheet).toBeHidden();
  await page.locator('.cbb').click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  await expect(cart.locator('.cl .rw')).toHaveText('Qazi, Bedana tuxumi');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(page.locator('#os')).toContainText("Jami: 65 000 so'm");
  const orders = await ordersOfRestaurant();
  const osh = orders.data.flatMap((order) => order.items).filter((item) => item.name === "Osh (to'y oshi)");
  expect(osh.map((item) => item.rows.map((row) => row.name))).toEqual([['Qazi', 'Bedana tuxumi']]);
});

test('extras at their maximum disable the other boxes; fewer than the minimum keeps the dish out of the cart', async ({
  page,
}) => {
  const sheet = await openSheet(page, 'Salat');
  const greens = sheet.getByRole('group', { name: /Ko'katlar/ });
  await expect(greens.locator('legend')).toContainText("kamida 1 ta, ko'pi bilan 2 ta");
  const box = (name: string) => greens.getByRole('checkbox', { name: new RegExp(name) });
  const add = sheet.getByRole('button', { name: /Savatga qo'shish/ });
  await add.click();
  await expect(sheet.getByRole('alert')).toHaveText("Ko'katlar: kamida 1 tasini tanlang");
  await expect(box('Rayhon')).toBeFocused();
  await expect(sheet).toBeVisible();
  await expect(page.locator('.cbb')).toBeHidden();

  await box('Kashnich').check();
  // A change clears the line.
  await expect(sheet.locator('.ce')).toBeEmpty();
  await box('Rayhon').check();
  await expect(box('Ukrop')).toBeDisabled();
  await expect(add).toHaveAccessibleName("Savatga qo'shish · 23 000 so'm");
  // A box unticked gives the others back.
  await box('Rayhon').uncheck();
  await expect(box('Ukrop')).toBeEnabled();
  await box('Ukrop').check();
  await expect(box('Rayhon')).toBeDisabled();
  await page.screenshot({ path: 'test-results/option-sheet-extras-full-phone.png' });
  await add.click();
  await expect(sheet).toBeHidden();
  await page.locator('.cbb').click();
  // The option's own order, not the ticking order.
  await expect(page.getByRole('dialog', { name: 'Savat' }).locator('.cl .rw')).toHaveText('Ukrop, Kashnich');
});
