import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MenuApi, type MenuManager } from './support/menu-fixtures';
import { setServerClock } from './support/server-clock';
import { startWithToken } from './support/session';
import { expect, test } from './support/test';

/**
 * The owner's report ("Hisobot") on a phone, in Chromium against the real server: a diner opened the menu three days
 * ago and today, two orders came from a table today; the manager opens the report from the restaurant's card, reads
 * the figures of "7 kun", switches to "Bugun", "Kecha" and a range of their own, and downloads the CSV. Then a diner's
 * search that finds nothing reaches the report's list of such searches. Each journey has its own restaurant (made
 * through the API), so its counts are exactly what it did.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
test.setTimeout(120_000);

const TASHKENT_OFFSET_MS = 5 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Tashkent calendar day `daysAgo` days before today, `YYYY-MM-DD` (a restaurant's days are its zone's). */
const tashkentDay = (daysAgo: number) =>
  new Date(Date.now() + TASHKENT_OFFSET_MS - daysAgo * DAY_MS).toISOString().slice(0, 10);
/** `2026-05-12` → `12.05.2026`, as the screen writes a day. */
const shown = (day: string) => day.split('-').reverse().join('.');
/** Noon in Tashkent `daysAgo` days before today. */
const tashkentNoon = (daysAgo: number) => new Date(`${tashkentDay(daysAgo)}T12:00:00+05:00`);

interface Restaurant {
  manager: MenuManager;
  slug: string;
  tableToken: string;
  productIds: Record<string, string>;
}

const MENU = [
  ['Osh', 45000],
  ['Manti', 30000],
  ['Choy', 5000],
] as const;

let api: MenuApi;

/** A new manager's restaurant taking orders, with table "1" and three dishes. */
async function restaurantWithMenu(prefix: string): Promise<Restaurant> {
  const manager = await api.manager(prefix);
  const mine = await api.call<{ data: { slug: string }[] }>('GET', '/manager/restaurants/me', manager.token);
  const slug = mine.data[0]!.slug;
  await api.call('PUT', `/manager/restaurants/update?slug=${slug}`, manager.token, { ordering_enabled: true });
  const table = await api.call<{ data: { token: string } }>('POST', '/manager/tables', manager.token, {
    restaurant_id: manager.restaurantId,
    name: '1',
  });
  const category = await api.call<{ data: { _id: string } }>('POST', '/manager/category/create', manager.token, {
    title: 'Taomlar',
    restaurant_id: manager.restaurantId,
    is_active: true,
  });
  const productIds: Record<string, string> = {};
  for (const [name, price] of MENU) {
    const created = await api.call<{ data: { id: string } }>('POST', '/manager/products', manager.token, {
      name,
      category_id: category.data._id,
      price,
      is_active: true,
      images: [],
    });
    productIds[name] = created.data.id;
  }
  return { manager, slug, tableToken: table.data.token, productIds };
}

/** An order from the table through the diner's own API (what "Buyurtma berish" sends). */
async function placeOrder(http: APIRequestContext, at: Restaurant, items: [string, number][]) {
  const answer = await http.post(`/menu/${at.slug}/orders`, {
    headers: { 'idempotency-key': randomUUID(), 'x-device-id': 'hisobot-e2e-diner' },
    data: {
      table_id: at.tableToken,
      items: items.map(([name, quantity]) => ({ product_id: at.productIds[name], quantity })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

interface ReportJson {
  menu_opens: number;
  orders: number;
  empty_searches: { text: string; count: number }[];
}

/**
 * The report's JSON for the period, as the screen loads it. Menu opens and searches are written in batches (at most
 * once a second), so a journey polls this until they have landed, then opens the screen once.
 */
const reportOf = (at: Restaurant, from: string, to: string) => async () =>
  (
    await api.call<{ data: ReportJson }>(
      'GET',
      `/manager/restaurants/${at.manager.restaurantId}/insights?from=${from}&to=${to}`,
      at.manager.token,
    )
  ).data;

/** A headline figure's value, found by its label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Asosiy raqamlar' })
    .locator('.insights-figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** The visible cells of a list's row, found by its first cell. */
const cells = (list: Locator, first: string) =>
  list
    .getByRole('row')
    .filter({ has: list.page().getByRole('cell', { name: first, exact: true }) })
    .getByRole('cell');

const preset = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Scrolls the screen to its end (the last list) and saves what a phone shows there, the chart drawn. */
async function shootBottom(page: Page, path: string) {
  await expect(page.getByTestId('insights-chart').locator('canvas')).toBeVisible();
  await page.getByRole('region', { name: 'Natija bermagan qidiruvlar' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path });
}

test.beforeAll(async ({ baseURL }) => {
  api = await MenuApi.start(baseURL!);
});
test.afterAll(async () => {
  await setServerClock(null);
  await api?.close();
});

test('the manager reads the report, switches its period and downloads the CSV', async ({ page, browser }) => {
  const at = await restaurantWithMenu('hisobot');
  const [today, threeDaysAgo] = [tashkentDay(0), tashkentDay(3)];

  // A diner opened the menu three days ago (the server's clock moved back for it), and again today at table 1.
  const diner = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const menu = await diner.newPage();
  await setServerClock(tashkentNoon(3));
  try {
    await menu.goto(`/menu/${at.slug}`);
  } finally {
    await setServerClock(null);
  }
  await menu.goto(`/menu/${at.slug}?table=${at.tableToken}`);
  await expect(menu.getByRole('heading', { name: 'Osh' })).toBeVisible();
  // Two orders today: 2 × Osh (90 000), then Osh and 2 × Choy (55 000).
  await placeOrder(diner.request, at, [['Osh', 2]]);
  await placeOrder(diner.request, at, [
    ['Osh', 1],
    ['Choy', 2],
  ]);
  await diner.close();
  await expect.poll(async () => (await reportOf(at, tashkentDay(6), today)()).menu_opens).toBe(2);

  // The manager opens "Hisobot" from the restaurant's card: the last seven days first.
  await startWithToken(page, at.manager.token);
  await page.goto('/manager');
  await page.getByTestId(`manager-restaurant-${at.slug}`).getByRole('link', { name: 'Hisobot' }).click();
  // The card's link names the restaurant (`?restaurant=`); the screen may drop it once that restaurant is the working one.
  await expect(page).toHaveURL(/\/insights(\?restaurant=[^&]+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hisobot' })).toBeVisible();
  await expect(page.getByTestId('screen-context')).toHaveText(/^Restoran: Menyu E2E /);
  await expect(preset(page, '7 kun')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('insights-period')).toHaveText(`Davr: ${shown(tashkentDay(6))} – ${shown(today)}`);
  await expect(figure(page, 'Menyu ochildi')).toHaveText('2');
  await expect(figure(page, 'Buyurtmalar')).toHaveText('2');
  await expect(figure(page, 'Tushum')).toHaveText("145 000 so'm");
  await expect(figure(page, "O'rtacha chek")).toHaveText("72 500 so'm");
  const topDishes = page.getByRole('region', { name: "Eng ko'p buyurtma qilingan taomlar" });
  // On a phone a dish's row is its name, orders and revenue (its portions' column is hidden).
  await expect(cells(topDishes, 'Osh')).toHaveText(['Osh', '2', "135 000 so'm"]);
  await expect(cells(topDishes, 'Choy')).toHaveText(['Choy', '1', "10 000 so'm"]);
  await expect(topDishes.getByRole('row', { name: /^Manti / })).toHaveCount(0);
  const tables = page.getByRole('region', { name: "Stollar, tushum bo'yicha" });
  await expect(cells(tables, '1')).toHaveText(['1', '2', "145 000 so'm"]);
  // The chart's code is its own chunk, fetched when a report is first shown.
  await expect(page.getByTestId('insights-chart').locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/insights-phone.png' });
  await shootBottom(page, 'docs/screenshots/insights-phone-bottom.png');
  await page.screenshot({ path: test.info().outputPath('insights-week-full.png'), fullPage: true });

  // "Bugun": today's opening only, the same orders, the chart by hour.
  await preset(page, 'Bugun').click();
  await expect(page.getByTestId('insights-period')).toHaveText(`Davr: ${shown(today)}`);
  await expect(figure(page, 'Menyu ochildi')).toHaveText('1');
  await expect(figure(page, 'Buyurtmalar')).toHaveText('2');
  await expect(page.getByRole('heading', { name: "Menyu ochilishi va buyurtmalar, soatlar bo'yicha" })).toBeVisible();

  // "Kecha": nothing happened, and the screen says so instead of zeros.
  await preset(page, 'Kecha').click();
  await expect(page.getByTestId('insights-period')).toHaveText(`Davr: ${shown(tashkentDay(1))}`);
  await expect(page.getByTestId('insights-empty')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Asosiy raqamlar' })).toHaveCount(0);

  // "Boshqa davr": three days ago to yesterday holds the early opening and no order.
  await preset(page, 'Boshqa davr').click();
  const range = page.getByTestId('insights-range');
  await range.getByLabel('Boshlanish kuni').fill(threeDaysAgo);
  await range.getByLabel('Oxirgi kun').fill(tashkentDay(1));
  await page.screenshot({ path: test.info().outputPath('insights-range.png') });
  await range.getByRole('button', { name: "Ko'rsatish" }).click();
  await expect(page.getByTestId('insights-period')).toHaveText(
    `Davr: ${shown(threeDaysAgo)} – ${shown(tashkentDay(1))}`,
  );
  await expect(preset(page, 'Boshqa davr')).toHaveAttribute('aria-pressed', 'true');
  await expect(figure(page, 'Menyu ochildi')).toHaveText('1');
  await expect(figure(page, 'Buyurtmalar')).toHaveText('0');
  await expect(figure(page, 'Tushum')).toHaveText("0 so'm");
  await expect(topDishes.getByText("Hozircha yo'q.")).toBeVisible();

  // Back to "7 kun", and its CSV: the summary, each day, each dish.
  await preset(page, '7 kun').click();
  await expect(figure(page, 'Buyurtmalar')).toHaveText('2');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV yuklab olish' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`hisobot-${at.slug}-${tashkentDay(6)}-${today}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const sections = new Map(
    csv
      .slice(1)
      .split('\r\n\r\n')
      .map((section) => section.trimEnd().split('\r\n'))
      .map(([title, ...rows]) => [title, rows] as const),
  );
  expect(sections.get('Umumiy')).toEqual(
    expect.arrayContaining([
      `Davr,${tashkentDay(6)} — ${today}`,
      'Menyu ochildi,2',
      'Buyurtmalar,2',
      'Taomlar soni,5',
      "Tushum (so'm),145000",
      "O'rtacha chek (so'm),72500",
    ]),
  );
  expect(sections.get('Kunlar')).toEqual(
    expect.arrayContaining([`${threeDaysAgo},1,0,0`, `${tashkentDay(1)},0,0,0`, `${today},1,2,145000`]),
  );
  expect(sections.get('Taomlar')).toEqual(
    expect.arrayContaining([
      "Taom,Buyurtmalar,Soni,Tushum (so'm),Ko'rildi,Rad etildi",
      'Osh,2,3,135000,0,0',
      'Choy,1,2,10000,0,0',
    ]),
  );
  expect(sections.get('Taomlar')!.some((row) => row.startsWith('Manti,'))).toBe(false);
  expect(sections.get('Stollar')).toEqual(expect.arrayContaining(['1,2,145000,1']));
});

test("a diner's search that found nothing is listed in the report, with the menu's opening", async ({
  page,
  browser,
}) => {
  const at = await restaurantWithMenu('qidiruv');
  const today = tashkentDay(0);

  // The diner looks for a dish the menu does not have; the page tells the server once they stop typing.
  const diner = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const menu = await diner.newPage();
  await menu.goto(`/menu/${at.slug}`);
  const beacon = menu.waitForRequest((r) => r.url().endsWith(`/menu/${at.slug}/stats`) && r.method() === 'POST');
  await menu.getByRole('searchbox', { name: 'Menyudan qidirish' }).fill('Qozon  KABOB ');
  await expect(menu.getByText('Hech narsa topilmadi.')).toBeVisible();
  expect(JSON.parse((await beacon).postData() ?? '')).toEqual({ s: 'Qozon  KABOB' });
  await diner.close();
  await expect
    .poll(async () => {
      const report = await reportOf(at, today, today)();
      return { opens: report.menu_opens, searches: report.empty_searches };
    })
    .toEqual({ opens: 1, searches: [{ text: 'qozon kabob', count: 1 }] });

  // The manager's report lists it, as the server folded it (one case, single spaces).
  await startWithToken(page, at.manager.token);
  await page.goto('/insights');
  await expect(figure(page, 'Menyu ochildi')).toHaveText('1');
  await expect(figure(page, 'Buyurtmalar')).toHaveText('0');
  const searches = page.getByRole('region', { name: 'Natija bermagan qidiruvlar' });
  await expect(cells(searches, 'qozon kabob')).toHaveText(['qozon kabob', '1']);
  await shootBottom(page, 'docs/screenshots/insights-searches-phone.png');
});
