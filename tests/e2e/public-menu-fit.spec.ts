import { MenuApi, type MenuApi as MenuApiType } from './support/menu-fixtures';
import { expect, test } from './support/test';

/**
 * The public menu on a 390 px phone: a long unbroken word (a URL pasted into a description) wraps instead of widening
 * the page; and the slug is looked up without case (`/menu/RAYHON` is `/menu/rayhon`). A restaurant of its own, made
 * through the API, so the demo menus other specs read stay as they are.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const URL_WORD = 'https://example.uz/menyu/taomlar/palov-toshkentcha-qazi-bilan-va-bedana-tuxum-bilan-maxsus-taklif';
const LONG_NAME = 'Choyxonaningengmashhurvaengmazalitoshkentchapalovibilan';

let api: MenuApiType;
let slug: string;

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
  const manager = await api.manager('fit');
  const restaurants = await api.call<{ data: { _id: string; slug: string }[] }>(
    'GET',
    '/manager/restaurants/me',
    manager.token,
  );
  slug = restaurants.data[0]!.slug;
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
    title: `Maxsus${LONG_NAME}`,
    restaurant_id: manager.restaurantId,
    is_active: true,
  });
  const productId = await api.call<{ data: { id: string } }>('POST', '/manager/products', manager.token, {
    name: LONG_NAME,
    category_id: category.data._id,
    description: `Batafsil: ${URL_WORD}`,
    price: 55000,
    is_active: true,
    images: [],
  });
  await api.call('POST', '/manager/product-option', manager.token, { product_id: productId.data.id, name: LONG_NAME });
});
test.afterAll(async () => {
  await api.close();
});

async function documentWidth(page: import('@playwright/test').Page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

test('long words wrap: the menu is exactly as wide as a 390 px phone', async ({ page }) => {
  const response = await page.goto(`/menu/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(URL_WORD, { exact: false })).toBeVisible();
  expect(await documentWidth(page)).toBe(390);
  // The product sheet too: it opens with the same long words.
  await page.getByRole('heading', { level: 3, name: LONG_NAME }).click();
  const sheet = page.locator('dialog[open]');
  await expect(sheet).toBeVisible();
  expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await documentWidth(page)).toBe(390);
});

test('the slug is looked up without case: /menu/<SLUG> and ?slug=<Slug> open the menu', async ({ page }) => {
  const upper = await page.goto(`/menu/${slug.toUpperCase()}`);
  expect(upper?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 3, name: LONG_NAME })).toBeVisible();
  const mixed = await page.goto(`/menu?slug=${slug.charAt(0).toUpperCase()}${slug.slice(1)}`);
  expect(mixed?.status()).toBe(200);
  expect(await documentWidth(page)).toBe(390);
});
