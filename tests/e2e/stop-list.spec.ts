import type { Locator, Page } from '@playwright/test';
import { DEMO_MANAGERS, DEMO_RESTAURANTS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';
import { workOn } from './support/working-restaurant';

/**
 * The stop-list journey of a manager on a phone (390 x 844) against the real server with the demo data (DEMO=1):
 * search, select a category, deselect one product, move to the stop-list, see both tabs and the category flags
 * change, reload and see the state kept, take everything out again and reload once more. It ends with the demo
 * data as it started (other journeys read it too). Expectations come from the demo data set itself.
 */

const manager = DEMO_MANAGERS[0]!; // rayhon: the first of their restaurants is Rayhon Milliy Taomlari
const rayhon = DEMO_RESTAURANTS.find((r) => r.slug === 'rayhon')!;
const all = rayhon.categories.flatMap((c) => c.products);
const stoppedAtStart = all.filter((p) => p.active === false).length;
const availableAtStart = all.length - stoppedAtStart;
const kaboblar = rayhon.categories.find((c) => c.title === 'Kaboblar')!;
const shirinliklar = rayhon.categories.find((c) => c.title === 'Shirinliklar')!;
const kept = kaboblar.products.at(-1)!.name; // the one product deselected: it stays available

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const tab = (page: Page, name: 'Mavjud' | 'Stop-list') => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const group = (page: Page, title: string) => page.getByRole('region', { name: title });
const categoryBox = (page: Page, title: string) => page.getByRole('checkbox', { name: `${title}: hammasini tanlash` });
const moveButton = (page: Page) =>
  page.getByRole('button', { name: /Stop-listga o'tkazish|Stop-listdan chiqarish|Yuklanmoqda/ });

async function expectCounts(page: Page, available: number, stopped: number) {
  await expect(tab(page, 'Mavjud')).toContainText(String(available));
  await expect(tab(page, 'Stop-list')).toContainText(String(stopped));
}

async function rowNames(region: Locator) {
  return region.locator('.stop-row-name').allTextContents();
}

test('a manager moves products to the stop-list and back on a phone', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await signIn(page, manager);
  await page.goto('/manager');
  await workOn(page, rayhon.name);

  // The bottom navigation's Menyu tab opens the stop-list.
  await page.getByRole('link', { name: 'Menyu', exact: true }).click();
  await expect(page).toHaveURL(/\/productStopList$/);
  await expect(tab(page, 'Mavjud')).toHaveAttribute('aria-selected', 'true');
  await expectCounts(page, availableAtStart, stoppedAtStart);

  // Search "kabob" (what is typed on a phone keyboard), select Kaboblar, deselect one of its products.
  await page.getByPlaceholder('Mahsulot qidirish...').fill('KABOB');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Kaboblar']);
  await categoryBox(page, 'Kaboblar').check();
  await expect(moveButton(page)).toHaveText(`Stop-listga o'tkazish ${kaboblar.products.length}`);
  await page.getByRole('checkbox', { name: kept }).uncheck();
  await expect(categoryBox(page, 'Kaboblar')).not.toBeChecked();
  expect(await categoryBox(page, 'Kaboblar').evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

  // Clear the search, show the sixth category and select the whole Shirinliklar too.
  await page.getByRole('button', { name: 'Qidiruvni tozalash' }).click();
  await page.getByRole('button', { name: `ko'proq ko'rsatish (5/${rayhon.categories.length})` }).click();
  await categoryBox(page, 'Shirinliklar').check();
  const moved = kaboblar.products.length - 1 + shirinliklar.products.length;
  await expect(moveButton(page)).toHaveText(`Stop-listga o'tkazish ${moved}`);

  // The floating button sits 80 px from the bottom, above the bottom navigation.
  const box = (await moveButton(page).boundingBox())!;
  expect(Math.round(844 - (box.y + box.height))).toBe(80);
  const nav = (await page.getByRole('navigation', { name: 'bottom navigation' }).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
  await page.screenshot({ path: 'test-results/stop-list-selected.png' });

  await moveButton(page).click();
  await expect(page.getByText(`${moved} ta mahsulot stop-listga o'tkazildi`)).toBeVisible();
  await expect(moveButton(page)).toHaveCount(0);
  await expectCounts(page, availableAtStart - moved, stoppedAtStart + moved);
  await expect(group(page, 'Shirinliklar')).toHaveCount(0);
  expect(await rowNames(group(page, 'Kaboblar'))).toEqual([kept]);

  async function expectStopListTab() {
    await tab(page, 'Stop-list').click();
    await expect(group(page, 'Shirinliklar').getByText('No faol', { exact: true })).toBeVisible();
    await expect(group(page, 'Kaboblar').getByText('Faol', { exact: true })).toBeVisible();
    expect(await rowNames(group(page, 'Kaboblar'))).toEqual(kaboblar.products.slice(0, -1).map((p) => p.name));
  }
  await expectStopListTab();

  // A reload shows the same: it was saved, not only drawn.
  await page.reload();
  await expectCounts(page, availableAtStart - moved, stoppedAtStart + moved);
  await expectStopListTab();

  // Take them out again: both categories, from the Stop-list tab.
  await categoryBox(page, 'Kaboblar').check();
  await categoryBox(page, 'Shirinliklar').check();
  await expect(moveButton(page)).toHaveText(`Stop-listdan chiqarish ${moved}`);
  await moveButton(page).click();
  await expect(page.getByText(`${moved} ta mahsulot stop-listdan chiqarildi`)).toBeVisible();
  await expectCounts(page, availableAtStart, stoppedAtStart);
  await expect(group(page, 'Shirinliklar')).toHaveCount(0);

  await page.reload();
  await expectCounts(page, availableAtStart, stoppedAtStart);
  await page.getByRole('button', { name: /ko'proq ko'rsatish/ }).click();
  await expect(group(page, 'Shirinliklar').getByText('Faol', { exact: true })).toBeVisible();
  expect(await rowNames(group(page, 'Kaboblar'))).toEqual(kaboblar.products.map((p) => p.name));
  await page.screenshot({ path: 'test-results/stop-list-phone.png' });
  expect(errors).toEqual([]);
});
