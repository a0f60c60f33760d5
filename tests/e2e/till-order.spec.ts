import type { Page } from '@playwright/test';
import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn, tokenFor } from './support/session';
import { expect, test } from './support/test';

/**
 * An order reaches the till: on a 390 px phone a diner orders at table 3 of the demo's Kamalak Kafe (made from the
 * built-in iiko simulator, its tables the till's); the till's page (/dev/iiko, as a cashier sees it) shows the check
 * with the dish and its amount under our order number; the manager's orders screen shows the order "Kassada" with
 * the till's check number. Table 3 is this spec's only.
 */

test.use({
  locale: 'uz-UZ',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});

const manager = DEMO_MANAGERS[1]!;

/** The demo's restaurant made from the POS, and the QR token of its table `name`, as the manager's API reads them. */
async function tillTable(page: Page, name: string): Promise<{ slug: string; token: string }> {
  const headers = { authorization: `Bearer ${await tokenFor(page, manager)}` };
  const mine = (await (await page.request.get('/manager/restaurants/me', { headers })).json()).data as {
    _id: string;
    slug: string;
    type: string;
  }[];
  const restaurant = mine.find((candidate) => candidate.type === 'integration')!;
  expect(restaurant, 'the demo restaurant made from the POS').toBeDefined();
  const tables = (await (await page.request.get(`/manager/tables?restaurant_id=${restaurant._id}`, { headers })).json())
    .data as { name: string; token: string; source: string }[];
  const table = tables.find((candidate) => candidate.name === name && candidate.source === 'pos')!;
  return { slug: restaurant.slug, token: table.token };
}

test("a diner's order at a till table is on the till's check and 'Kassada' on the orders screen", async ({
  page,
  browser,
}, testInfo) => {
  const { slug, token } = await tillTable(page, '3');
  await page.goto(`/menu/${slug}?table=${token}`);
  // The first dish that goes straight to the cart (no choices to make), twice.
  const dish = page.locator('main article:not(:has(details)):has(.ad)').first();
  const dishName = (await dish.locator('h3').first().textContent())!.trim();
  await dish.locator('.ad').click();
  await dish.locator('.ad').click();
  await page.locator('.cbb').click();
  await page.getByRole('dialog', { name: 'Savat' }).getByRole('button', { name: 'Buyurtma berish' }).click();
  const heading = page.locator('#os').getByRole('heading', { level: 2 });
  await expect(heading).toHaveText(/^Buyurtma №\d+$/);
  const number = Number((await heading.textContent())!.replace(/\D/g, ''));

  // The till, as the cashier sees it: a check for table 3 under our number, with the dish twice.
  const till = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await till.goto('/dev/iiko');
    const check = till.locator('article.check').filter({
      has: till.locator('.numbers span', { hasText: new RegExp(`^Menyu № ${number}$`) }),
    });
    await expect(check.locator('.table')).toHaveText('Stol 3');
    await expect(check.locator('.line', { hasText: dishName })).toContainText('2 ×');
    await expect(check.locator('.status')).toHaveText('Yangi (New)');
    const checkNumber = (await check.locator('.numbers').textContent())!.match(/Chek № (\d+)/)![1];
    await till.screenshot({ path: testInfo.outputPath('till-check-1280.png') });

    // The manager's orders screen says the order is on the till, with the till's check number.
    await signIn(page, manager);
    await page.goto('/orders');
    const card = page.getByRole('article', { name: new RegExp(`^Buyurtma №${number} · (Stol )?3$`) });
    await expect(card).toContainText(`Kassada · № ${checkNumber}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await card.screenshot({ path: testInfo.outputPath('order-card-till-390.png') });
  } finally {
    await till.close();
  }
});
