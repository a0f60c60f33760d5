import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { MenuApi, type MenuManager } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * The diner's side on a 390 px phone: a table's QR link opens the menu with "+" buttons, an option choice,
 * the cart and "Buyurtma berish", then the order's status follows the staff's changes without a reload; the calls;
 * a dish stop-listed while it sits in the cart. A restaurant of its own, made through the API (the demo menus other
 * specs read stay as they are).
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

/** A dish whose name fills the status card's line, so its amount is squeezed to the narrowest it may be. */
const LONG_DISH = "Samarqandcha to'y oshi qazi, bedana tuxumi va mayiz bilan";

let api: MenuApi;
let manager: MenuManager;
let slug: string;
let tableId: string;
const productIds: Record<string, string> = {};

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  manager = await api.manager('stol');
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  slug = mine.data[0]!.slug;
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { ordering_enabled: true });
  const tables = await api.call<{ data: { _id: string; name: string; token: string }[] }>(
    'POST',
    '/manager/tables/bulk',
    manager.token,
    { restaurant_id: manager.restaurantId, from: 1, to: 4 },
  );
  // The QR code carries the table's token, not its id.
  tableId = tables.data.find((table) => table.name === '3')!.token;
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
    title: 'Issiq taomlar',
    restaurant_id: manager.restaurantId,
    is_active: true,
  });
  for (const [name, price] of [
    ["Sho'rva", 28000],
    ['Manti', 30000],
    ['Somsa', 9000],
    [LONG_DISH, 36000],
  ] as const) {
    const created = await api.call<{ data: { id: string } }>('POST', '/manager/products', manager.token, {
      name,
      description: '',
      category_id: category.data._id,
      price,
      is_active: true,
      images: [],
    });
    productIds[name] = created.data.id;
  }
  const portion = await api.call<{ _id: string }>('POST', '/manager/product-option', manager.token, {
    product_id: productIds["Sho'rva"],
    name: 'Porsiya',
  });
  for (const [name, price] of [
    ['1 porsiya', 0],
    ['1.5 porsiya', 14000],
  ] as const)
    await api.call('POST', '/manager/product-option-row', manager.token, {
      product_option_id: portion._id,
      name,
      price,
    });
});

test.afterAll(async () => {
  await api?.close();
});

const tableUrl = () => `/menu/${slug}?table=${tableId}`;
const card = (page: Page, name: string) =>
  page.locator('main article', { has: page.getByRole('heading', { level: 3, name }) });

test('the plain link stays the plain menu: no "+", no calls, no ordering script', async ({ page }) => {
  await page.goto(`/menu/${slug}`);
  await expect(card(page, 'Manti')).toBeVisible();
  await expect(page.getByRole('button', { name: /Savatga qo'shish/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toHaveCount(0);
  await expect(page.locator('script[src*="/menu/assets/order."]')).toHaveCount(0);
});

test('a diner orders from the table and follows the order until it is served', async ({ page }) => {
  await page.goto(tableUrl());
  await expect(page.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toBeVisible();

  // A dish with an option: the choice sheet, one row per line, the price with the choice on the button.
  await card(page, "Sho'rva").getByRole('button', { name: "Savatga qo'shish: Sho'rva" }).click();
  const sheet = page.getByRole('dialog', { name: "Sho'rva" });
  await expect(sheet).toBeVisible();
  const bigger = sheet.getByRole('radio', { name: /1\.5 porsiya/ });
  // The radio, the row's name and its price share one line (a label laid out as a block put them on three).
  const row = sheet.locator('label', { hasText: '1.5 porsiya' });
  const box = (await row.boundingBox())!;
  expect(box.height).toBeLessThan(60);
  const nameBox = (await row.getByText('1.5 porsiya').boundingBox())!;
  const priceBox = (await row.getByText("+14 000 so'm").boundingBox())!;
  expect(priceBox.x).toBeGreaterThan(nameBox.x + nameBox.width);
  expect(Math.abs(priceBox.y - nameBox.y)).toBeLessThan(8);
  await bigger.check();
  await expect(sheet.getByRole('button', { name: "Savatga qo'shish · 42 000 so'm" })).toBeVisible();
  await sheet.getByRole('button', { name: /Savatga qo'shish/ }).click();
  await expect(sheet).toBeHidden();

  // A plain dish twice: the sticky bar counts three dishes and their total.
  const somsa = card(page, 'Somsa').getByRole('button', { name: "Savatga qo'shish: Somsa" });
  await somsa.click();
  await somsa.click();
  const bar = page.locator('.cbb');
  await expect(bar).toContainText('3 ta taom');
  await expect(bar).toContainText("60 000 so'm");

  await bar.click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText('1.5 porsiya');
  await cart.getByLabel('Izoh').fill("Achchiq bo'lmasin <b>iltimos</b>");
  await page.screenshot({ path: 'docs/screenshots/table-cart-phone.png' });
  const accessibility = await axeViolations(page, { include: '#cart' });
  expect(accessibility.map((v) => v.id)).toEqual([]);
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();

  // The status panel: the order's number, the table, "new" in words, the lines as the server priced them.
  const status = page.locator('#os');
  await expect(status).toBeVisible();
  await expect(status.getByRole('heading', { level: 2 })).toHaveText(/^Buyurtma №\d+$/);
  await expect(status).toContainText('Stol: 3');
  await expect(status).toContainText('Yuborildi. Ofitsiant tez orada qabul qiladi.');
  await expect(status).toContainText("Jami: 60 000 so'm");
  await expect(bar).toBeHidden();

  const orders = await api.call<{ data: { _id: string; comment: string; total: number }[] }>(
    'GET',
    `/manager/orders?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );
  const order = orders.data[0]!;
  expect(order).toMatchObject({ comment: "Achchiq bo'lmasin <b>iltimos</b>", total: 60000 });

  // The staff accept and serve it; the page follows without a reload.
  await api.call('PUT', `/manager/orders/${order._id}`, manager.token, { status: 'accepted' });
  await expect(status).toContainText('Qabul qilindi. Tayyorlanmoqda.', { timeout: 15_000 });
  await page.reload();
  await expect(status).toContainText('Qabul qilindi. Tayyorlanmoqda.');
  await status.screenshot({ path: 'docs/screenshots/table-order-status-phone.png' });
  await api.call('PUT', `/manager/orders/${order._id}`, manager.token, { status: 'served' });
  await expect(status).toContainText('Berildi. Yoqimli ishtaha!', { timeout: 15_000 });
  await status.getByRole('button', { name: 'Yangi buyurtma' }).click();
  await expect(status).toBeHidden();

  const violations = await axeViolations(page);
  expect(violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])).toEqual([]);
});

test('a dish stop-listed while it is in the cart is named and taken out; the rest can be ordered', async ({ page }) => {
  await page.goto(tableUrl());
  await card(page, 'Manti').getByRole('button', { name: "Savatga qo'shish: Manti" }).click();
  await card(page, 'Somsa').getByRole('button', { name: "Savatga qo'shish: Somsa" }).click();
  await api.call('PUT', '/manager/products/availability', manager.token, {
    ids: [productIds.Manti],
    is_active: false,
  });
  try {
    await page.locator('.cbb').click();
    const cart = page.getByRole('dialog', { name: 'Savat' });
    await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
    await expect(cart.getByRole('alert')).toContainText(
      'Bu taomlar hozirgina tugadi va savatdan olib tashlandi: Manti',
    );
    await expect(cart.getByRole('listitem')).toHaveCount(1);
    await expect(cart.getByRole('listitem')).toContainText('Somsa');
    await expect(card(page, 'Manti').getByRole('button', { name: /Savatga qo'shish/ })).toHaveCount(0);
    await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
    await expect(page.locator('#os')).toContainText("Jami: 9 000 so'm");
  } finally {
    await api.call('PUT', '/manager/products/availability', manager.token, {
      ids: [productIds.Manti],
      is_active: true,
    });
  }
});

test('the waiter is called once; a second tap within a minute is answered kindly', async ({ page }) => {
  await page.goto(tableUrl());
  await page.getByRole('button', { name: 'Ofitsiantni chaqirish' }).click();
  const line = page.locator('.oc [role="status"]');
  await expect(line).toHaveText('Ofitsiant chaqirildi. Tez orada keladi.');
  await page.getByRole('button', { name: 'Ofitsiantni chaqirish' }).click();
  await expect(line).toHaveText(
    "Ofitsiant allaqachon chaqirilgan va tez orada keladi. Bir daqiqadan so'ng yana chaqirishingiz mumkin.",
  );
  await page.getByRole('button', { name: "Hisobni so'rash" }).click();
  await expect(line).toHaveText("Hisob so'raldi. Ofitsiant olib keladi.");
  // A second bill request is answered about the bill, not with the waiter's words.
  await page.getByRole('button', { name: "Hisobni so'rash" }).click();
  await expect(line).toHaveText(
    "Hisob allaqachon so'ralgan, ofitsiant tez orada olib keladi. Bir daqiqadan so'ng yana so'rashingiz mumkin.",
  );
  const calls = await api.call<{ data: { type: string; table: { name: string } }[] }>(
    'GET',
    `/manager/calls?restaurant_id=${manager.restaurantId}&status=new`,
    manager.token,
  );
  expect(calls.data.map((call) => [call.type, call.table.name])).toEqual([
    ['bill', '3'],
    ['waiter', '3'],
  ]);
});

test('a switched-off table shows the menu with a note and takes no orders', async ({ page }) => {
  const tables = await api.call<{ data: { _id: string; name: string; token: string }[] }>(
    'GET',
    `/manager/tables?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );
  const four = tables.data.find((table) => table.name === '4')!;
  await api.call('PUT', `/manager/tables/${four._id}`, manager.token, { is_active: false });
  await page.goto(`/menu/${slug}?table=${four.token}`);
  await expect(page.getByRole('note')).toHaveText(
    "Stol topilmadi. Menyuni ko'rishingiz mumkin; buyurtma berish uchun stoldagi QR-kodni qayta skanerlang.",
  );
  await expect(card(page, 'Somsa')).toBeVisible();
  await expect(page.getByRole('button', { name: /Savatga qo'shish/ })).toHaveCount(0);
});

test('the keyboard alone orders: "+" by Tab and Enter, the option sheet keeps the focus, Escape closes', async ({
  page,
}) => {
  await page.goto(tableUrl());
  const plus = card(page, "Sho'rva").getByRole('button', { name: "Savatga qo'shish: Sho'rva" });
  await plus.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: "Sho'rva" });
  await expect(sheet).toBeVisible();
  // The checked choice has the focus (an optional portion starts on "Kerak emas"); arrows move between the rows of
  // one option, as radio groups do.
  await expect(sheet.getByRole('radio', { name: 'Kerak emas' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(sheet.getByRole('radio', { name: '1 porsiya' })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(sheet.getByRole('radio', { name: /1\.5 porsiya/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // Closed without adding: the focus is back on the "+" that opened it, and the cart is still empty.
  await expect(plus).toBeFocused();
  await expect(page.locator('.cbb')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  // The option's rows are one stop of the Tab key: the next is the add button.
  await page.keyboard.press('Tab');
  await expect(sheet.getByRole('button', { name: /Savatga qo'shish · 28\s000\sso'm/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.cbb')).toContainText('1 ta taom');
});

/**
 * How many lines each amount on screen inside `root` takes: a Range over the amount's text has one client rect per
 * line box it lies on (an amount broken after its digits or between its groups gives two).
 */
function amountLines(root: import('@playwright/test').Locator) {
  return root.evaluate((element) => {
    const found: [string, number][] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[hidden]') || parent.getClientRects().length === 0) continue;
      for (const match of (node.textContent ?? '').matchAll(/\d[\d\s\u00a0]*so'm/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        found.push([match[0], tops.size]);
      }
    }
    return found;
  });
}

test('the menu names the table before anything is ordered; an amount never leaves its currency at 390 px', async ({
  page,
}) => {
  await page.goto(tableUrl());
  // Under the restaurant's name, in its header: a diner at a swapped card sees the wrong table before ordering.
  const tableLine = page.getByRole('banner').getByText('Stol: 3', { exact: true });
  await expect(tableLine).toBeVisible();
  const firstDish = page.locator('main article').first();
  expect((await tableLine.boundingBox())!.y).toBeLessThan((await firstDish.boundingBox())!.y);
  await page.screenshot({ path: 'test-results/table-menu-phone.png' });

  const plus = card(page, LONG_DISH).getByRole('button', { name: `Savatga qo'shish: ${LONG_DISH}` });
  for (let i = 0; i < 4; i++) await plus.click();
  await page.locator('.cbb').click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  await expect(cart).toContainText("144 000 so'm");
  for (const [amount, lines] of await amountLines(cart)) expect(lines, amount).toBe(1);
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();

  const status = page.locator('#os');
  await expect(status).toContainText("Jami: 144 000 so'm");
  const amounts = await amountLines(status);
  expect(amounts.map(([amount]) => amount.replace(/\s/g, ' '))).toEqual(["144 000 so'm", "144 000 so'm"]);
  for (const [amount, lines] of amounts) expect(lines, amount).toBe(1);
  for (const [amount, lines] of await amountLines(page.locator('main'))) expect(lines, amount).toBe(1);
  await status.screenshot({ path: 'test-results/table-status-phone.png' });
});
