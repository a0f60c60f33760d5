import { type APIRequestContext, type Page, request } from '@playwright/test';
import { MenuApi, type MenuManager, pngFile } from './support/menu-fixtures';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * Product photos and options in Chromium against the real server, on a 390 px phone and a 1280 px desktop: the product
 * edit dialog adds, removes and reorders pictures (tap targets 44 × 44 px on the phone), the product detail shows
 * each option row as an addition with its total, and the product list's title names its category. Screenshots of
 * both go to docs/screenshots/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let api: MenuApi;
let http: APIRequestContext;
let manager: MenuManager;
let categoryId: string;
let productId: string;
let rowId: string;

/** POST /manager/upload with one PNG → its stored URL. */
async function upload(color: string): Promise<string> {
  const res = await http.post('/manager/upload', {
    headers: { authorization: `Bearer ${manager.token}` },
    multipart: { files: await pngFile(`${color.slice(1)}.png`, color) },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as string[])[0]!;
}

const images = async () =>
  (
    await api.call<{ data: Array<{ _id: string; images: Array<{ file: string }> }> }>(
      'GET',
      `/manager/products?category_id=${categoryId}`,
      manager.token,
    )
  ).data
    .find((product) => product._id === productId)!
    .images.map((image) => image.file);

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  http = await request.newContext({ baseURL: process.env.E2E_BASE_URL! });
  manager = await api.manager('photos');
  const post = <T>(url: string, data: unknown) => api.call<T>('POST', url, manager.token, data);
  categoryId = (
    await post<{ data: { _id: string } }>('/manager/category/create', {
      title: 'Ikkinchi taomlar',
      restaurant_id: manager.restaurantId,
      is_active: true,
    })
  ).data._id;
  const files = [await upload('#c0392b'), await upload('#27ae60')];
  productId = (
    await post<{ data: { _id: string } }>('/manager/products', {
      name: 'Osh',
      category_id: categoryId,
      price: 25000,
      description: "Devzira guruch, qo'y go'shti",
      images: files.map((file) => ({ file })),
    })
  ).data._id;
  const option = await post<{ _id: string }>('/manager/product-option', { product_id: productId, name: 'Porsiya' });
  await post('/manager/product-option-row', { product_option_id: option._id, name: '1 porsiya', price: 0 });
  rowId = (
    await post<{ data: { _id: string } }>('/manager/product-option-row', {
      product_option_id: option._id,
      name: '1.5 porsiya',
      price: 12000,
    })
  ).data._id;
});
test.afterAll(async () => {
  await http.dispose();
  await api.close();
});

async function expectTappable(page: Page, name: string) {
  const box = await page.getByRole('dialog').getByRole('button', { name }).boundingBox();
  expect(box, name).not.toBeNull();
  expect(Math.round(box!.width), `${name}: width`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box!.height), `${name}: height`).toBeGreaterThanOrEqual(44);
}

async function openEdit(page: Page) {
  await page.goto(`/ManagerProductTable/${categoryId}`);
  await expect(page.getByTestId('screen-context')).toHaveText('Kategoriya: Ikkinchi taomlar');
  await page.getByRole('button', { name: 'Tahrirlash: Osh' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: 'Rasm 2' })).toBeVisible();
  return dialog;
}

test('on a phone the edit dialog reorders, removes and adds pictures; the detail shows rows with totals', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await startWithToken(page, manager.token);
  const [first, second] = await images();

  const dialog = await openEdit(page);
  for (const name of ['Oldinga surish: Rasm 2', "O'chirish: Rasm 1", 'Keyinga surish: Rasm 1']) {
    await expectTappable(page, name);
  }
  await dialog.getByRole('button', { name: 'Oldinga surish: Rasm 2' }).click();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/manager/upload') && r.request().method() === 'POST');
  await dialog
    .getByLabel('Rasmlar', { exact: true })
    .and(page.locator('input[type=file]'))
    .setInputFiles(await pngFile('sariq.png', '#f1c40f'));
  expect((await uploaded).status()).toBe(200);
  await expect(dialog.getByRole('img', { name: 'Rasm 3' })).toBeVisible();
  await dialog.getByRole('img', { name: 'Rasm 3' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/product-edit-photos-phone.png' });

  await dialog.getByRole('button', { name: "O'chirish: Rasm 2" }).click();
  await expect(dialog.getByRole('img', { name: 'Rasm 3' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.locator('.toast-body', { hasText: 'Mahsulot tahrirlandi' })).toBeVisible();
  const saved = await images();
  expect(saved).toHaveLength(2);
  expect(saved[0]).toBe(second);
  expect(saved).not.toContain(first);

  await page.goto(`/product-detail/${productId}/${categoryId}`);
  await expect(page.getByTestId(`row-choice-${rowId}`)).toHaveText("1.5 porsiya: +12 000 so'm → 37 000 so'm");
  await page.screenshot({ path: 'docs/screenshots/product-detail-phone.png', fullPage: true });
  // The phone page is never wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('on a desktop the same dialog and detail page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await startWithToken(page, manager.token);
  const dialog = await openEdit(page);
  await dialog.getByRole('button', { name: 'Keyinga surish: Rasm 1' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/product-edit-photos-desktop.png' });
  await dialog.getByRole('button', { name: 'Yopish' }).click();

  await page.goto(`/product-detail/${productId}/${categoryId}`);
  await expect(page.getByTestId(`row-choice-${rowId}`)).toHaveText("1.5 porsiya: +12 000 so'm → 37 000 so'm");
  await page.screenshot({ path: 'docs/screenshots/product-detail-desktop.png' });
});
