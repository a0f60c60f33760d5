import type { CDPSession, Locator, Page } from '@playwright/test';
import { type MenuApi as Api, MenuApi, type MenuManager } from './support/menu-fixtures';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * Managers reorder from a phone: on a touch screen the lists use react-dnd's touch backend (HTML5 drag events never
 * fire there). Real touch events through Chromium's DevTools protocol (Playwright's touchscreen only taps): press
 * the handle, hold past the 120 ms touch delay, move onto another row, lift.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let api: Api;
let manager: MenuManager;
const categoryIds: string[] = [];
const productNames = ['Osh', "Lag'mon", 'Manti'];

test.beforeAll(async () => {
  api = await MenuApi.start(process.env.E2E_BASE_URL!);
  manager = await api.manager('touch');
  for (const title of ['Issiq taomlar', 'Salatlar', 'Ichimliklar']) {
    const created = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
      title,
      restaurant_id: manager.restaurantId,
    });
    categoryIds.push(created.data._id);
  }
  for (const name of productNames) {
    await api.call('POST', '/manager/products', manager.token, { name, category_id: categoryIds[0], price: 30000 });
  }
});
test.afterAll(async () => {
  await api.close();
});

const centre = async (target: Locator) => {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Presses `handle`, waits past the touch delay, slides in small steps onto the upper part of `target`, lifts. */
async function touchDrag(page: Page, cdp: CDPSession, handle: Locator, target: Locator) {
  const from = await centre(handle);
  const box = (await target.boundingBox())!;
  const to = { x: from.x, y: box.y + box.height / 4 };
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ ...point, id: 1 }] : [] });
  await touch('touchStart', from);
  await page.waitForTimeout(250);
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * i) / steps });
    await page.waitForTimeout(16);
  }
  await touch('touchEnd');
}

const titles = (page: Page, prefix: 'category' | 'product') =>
  page
    .getByTestId(new RegExp(`^${prefix}-row-`))
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.title ?? (row as HTMLElement).dataset.name));

test('on a phone, categories and products are reordered by touch dragging and the order is saved', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await startWithToken(page, manager.token);
  await page.goto('/managerCategoryList');
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  await expect(page.getByTestId(/^category-row-/)).toHaveCount(3);
  const categoryOrder = page.waitForResponse((r) => r.url().endsWith('/manager/category/order') && r.ok());
  await touchDrag(
    page,
    cdp,
    page.getByRole('button', { name: "Tartibni o'zgartirish: Ichimliklar" }),
    page.getByTestId(/^category-row-/).filter({ hasText: 'Issiq taomlar' }),
  );
  await categoryOrder;
  await expect.poll(() => titles(page, 'category')).toEqual(['Ichimliklar', 'Issiq taomlar', 'Salatlar']);
  const saved = await api.call<{ categories: { title: string }[] }>(
    'GET',
    `/manager/category?restaurant_id=${manager.restaurantId}`,
    manager.token,
  );
  expect(saved.categories.map((c) => c.title)).toEqual(['Ichimliklar', 'Issiq taomlar', 'Salatlar']);

  await page.goto(`/ManagerProductTable/${categoryIds[0]}`);
  await expect(page.getByTestId(/^product-row-/)).toHaveCount(3);
  const productOrder = page.waitForResponse((r) => r.url().endsWith('/manager/products/order') && r.ok());
  await touchDrag(
    page,
    cdp,
    page.getByRole('button', { name: "Tartibni o'zgartirish: Manti" }),
    page.getByTestId(/^product-row-/).filter({ hasText: 'Osh' }),
  );
  await productOrder;
  await expect.poll(() => titles(page, 'product')).toEqual(['Manti', 'Osh', "Lag'mon"]);
  await page.reload();
  await expect(page.getByTestId(/^product-row-/)).toHaveCount(3);
  expect(await titles(page, 'product')).toEqual(['Manti', 'Osh', "Lag'mon"]);
});
