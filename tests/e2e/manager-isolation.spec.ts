import type { Page } from '@playwright/test';
import { type MenuApi as Api, MenuApi, type MenuManager } from './support/menu-fixtures';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * Two managers in Chromium against the real server: the second one, through every manager screen of the menu (with
 * the first one's ids typed into the address bar, and even the first one's restaurant id put into localStorage),
 * never sees the first one's categories, products, options or rows, and cannot change them.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let api: Api;
let owner: MenuManager;
let intruder: MenuManager;
const menu = { categoryId: '', productId: '', optionId: '', rowId: '' };

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  owner = await api.manager('owner');
  intruder = await api.manager('intruder');
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', owner.token, {
    title: 'Yashirin kategoriya',
    restaurant_id: owner.restaurantId,
  });
  const product = await api.call<{ data: { _id: string } }>('POST', '/manager/products', owner.token, {
    name: 'Yashirin mahsulot',
    category_id: category.data._id,
    price: 12000,
  });
  const option = await api.call<{ _id: string }>('POST', '/manager/product-option', owner.token, {
    product_id: product.data._id,
    name: 'Yashirin opsiya',
  });
  const row = await api.call<{ data: { _id: string } }>('POST', '/manager/product-option-row', owner.token, {
    product_option_id: option._id,
    name: 'Yashirin qator',
    price: 1000,
  });
  Object.assign(menu, {
    categoryId: category.data._id,
    productId: product.data._id,
    optionId: option._id,
    rowId: row.data._id,
  });
});
test.afterAll(async () => {
  await api.close();
});

/** Nothing of the owner's menu is on the page (its names all start with "Yashirin"). */
async function seesNothingOfTheOwner(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/Yashirin/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Yashirin/ })).toHaveCount(0);
}

test('a manager never sees or changes another manager’s menu through the panel', async ({ page }) => {
  await startWithToken(page, intruder.token);
  await page.goto('/managerCategoryList');
  await expect(page.getByText('Kategoriya mavjud emas')).toBeVisible();
  await seesNothingOfTheOwner(page);

  await page.goto(`/ManagerProductTable/${menu.categoryId}`);
  await expect(page.getByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
  await seesNothingOfTheOwner(page);
  await expect(page.getByRole('button', { name: /^O'chirish/ })).toHaveCount(0);

  await page.goto(`/product-detail/${menu.productId}/${menu.categoryId}`);
  await expect(page.getByText('Mahsulotlarni yuklashda xatolik yuz berdi!')).toBeVisible();
  await seesNothingOfTheOwner(page);

  await page.goto(`/ManagerProductOptionRow/${menu.productId}`);
  await expect(page.getByText("Ma'lumotlarni olishda xatolik yuz berdi").first()).toBeVisible();
  await seesNothingOfTheOwner(page);

  await page.goto(`/product-option-row/${menu.optionId}`);
  await expect(page.getByText("Ma'lumotlarni olishda xatolik yuz berdi").first()).toBeVisible();
  await seesNothingOfTheOwner(page);

  // The owner's restaurant id put in localStorage: the session checks it against the intruder's own restaurants and
  // works on theirs (the server refuses the owner's list anyway: tests/server).
  await page.evaluate((id) => localStorage.setItem('restaurantId', id), owner.restaurantId);
  await page.goto('/managerCategoryList');
  await expect(page.getByText('Kategoriya mavjud emas')).toBeVisible();
  await seesNothingOfTheOwner(page);
  expect(await page.evaluate(() => localStorage.getItem('restaurantId'))).not.toBe(owner.restaurantId);
  // A product the intruder adds from the owner's category URL is refused and nothing is created there.
  await page.goto(`/ManagerProductTable/${menu.categoryId}`);
  await page.getByRole('button', { name: "Mahsulot qo'shish" }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(/^Nomi/).fill('Begona mahsulot');
  await form.getByLabel(/^Narxi/).fill('1');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByText('Kategoriya topilmadi.')).toBeVisible();

  // The owner's menu is exactly as it was.
  const products = await api.call<{ data: Array<{ name: string }> }>(
    'GET',
    `/manager/products?category_id=${menu.categoryId}`,
    owner.token,
  );
  expect(products.data.map((p) => p.name)).toEqual(['Yashirin mahsulot']);
  const options = await api.call<Array<{ name: string; rows: Array<{ name: string }> }>>(
    'GET',
    `/manager/product-option/product/${menu.productId}`,
    owner.token,
  );
  expect(options.map((o) => [o.name, o.rows.map((r) => r.name)])).toEqual([['Yashirin opsiya', ['Yashirin qator']]]);
});
