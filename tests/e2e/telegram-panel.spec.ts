import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { DEMO_ADMIN, DEMO_MANAGERS } from '../../server/dev/demo/data';
import { axeViolations, WCAG_21_AA } from './support/axe';
import { signIn, startWithToken, tokenFor } from './support/session';
import { expect, test } from './support/test';

/**
 * Telegram's panel screens in Chromium on the demo data (Samarqand Darvozasi delivers to the demo Telegram channel
 * of the built-in Bot API simulator), at 1280 px and on a 390 px phone: the restaurant page's Telegram section and
 * its test message, the restaurant form's set-up help, and an order card whose Telegram message was refused. The
 * refusal is real: /dev/telegram's switch takes the demo bot out of the channel (as a restaurant's staff might), an
 * order is placed, Telegram refuses it; the bot is put back before the test message. Screenshots go to the test's
 * output folder.
 */

const SLUG = 'samarqand-darvozasi';
const manager = DEMO_MANAGERS[0]!;
const REFUSAL =
  "bot kanalga xabar yubora olmaydi: uni kanalga administrator qilib qo'shing (Telegram: Forbidden: bot is not a member of the channel chat)";
const DEMO_CHANNEL = -1001000000001;

/** /dev/telegram's switch: the demo bot out of the demo channel, or back in. */
async function demoBotInChannel(baseURL: string, member: boolean): Promise<void> {
  const http = await request.newContext({ baseURL });
  try {
    const answer = await http.post('/dev/telegram/member', { data: { chat_id: DEMO_CHANNEL, member } });
    expect(answer.status()).toBe(200);
  } finally {
    await http.dispose();
  }
}

/** Waits until the demo restaurant's delivery error is `wanted` (set when Telegram refused an order). */
async function untilRestaurantError(baseURL: string, wanted: string | null): Promise<void> {
  const http = await request.newContext({ baseURL });
  try {
    const headers = { authorization: `Bearer ${await tokenOf(http, manager)}` };
    await expect
      .poll(
        async () => {
          const mine = (await (await http.get('/manager/restaurants/me', { headers })).json()).data as {
            slug: string;
            telegram_error: string | null;
          }[];
          return mine.find((r) => r.slug === SLUG)!.telegram_error;
        },
        { timeout: 10_000 },
      )
      .toBe(wanted);
  } finally {
    await http.dispose();
  }
}

/** An order Telegram refuses: the bot out of the channel, the order placed, the refusal recorded; the bot back in. */
async function refusedOrder(baseURL: string): Promise<{ restaurantId: string; number: number }> {
  await demoBotInChannel(baseURL, false);
  try {
    const placed = await demoOrder(baseURL);
    await untilRestaurantError(baseURL, REFUSAL);
    return placed;
  } finally {
    await demoBotInChannel(baseURL, true);
  }
}

async function tokenOf(http: APIRequestContext, who: { login: string; password: string }): Promise<string> {
  const answer = await http.post('/auth/login', { data: { login: who.login, password: who.password } });
  return (await answer.json()).data.accessToken as string;
}

/** The demo restaurant's id and the number of an order placed at its table 1 (so that the orders screen has its card). */
async function demoOrder(baseURL: string): Promise<{ restaurantId: string; number: number }> {
  const http = await request.newContext({ baseURL });
  try {
    const headers = { authorization: `Bearer ${await tokenOf(http, manager)}` };
    const mine = (await (await http.get('/manager/restaurants/me', { headers })).json()).data as {
      _id: string;
      slug: string;
    }[];
    const restaurant = mine.find((r) => r.slug === SLUG)!;
    const tables = (await (await http.get(`/manager/tables?restaurant_id=${restaurant._id}`, { headers })).json())
      .data as { _id: string; name: string; token: string }[];
    const categories = (await (await http.get(`/user/category?restaurant_id=${restaurant._id}`)).json()).categories as {
      _id: string;
    }[];
    const products = (await (await http.get(`/user/products/category/?category_id=${categories[0]!._id}`)).json()).data
      .products as { _id: string }[];
    const table = tables.find((t) => t.name === '1')!.token;
    // The first dish that can be ordered now (one on the stop-list answers 409).
    let status = 0;
    let number = 0;
    for (const product of products) {
      const placed = await http.post(`/menu/${SLUG}/orders`, {
        headers: { 'idempotency-key': randomUUID() },
        data: { table_id: table, items: [{ product_id: product._id, quantity: 1 }] },
      });
      status = placed.status();
      if (status === 201) {
        number = (await placed.json()).data.number as number;
        break;
      }
    }
    expect(status).toBe(201);
    return { restaurantId: restaurant._id, number };
  } finally {
    await http.dispose();
  }
}

/** axe-core (WCAG 2.1 A and AA, as tests/e2e/accessibility.spec.ts) on what `selector` holds. */
async function expectAccessible(page: Page, selector: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const violations = await axeViolations(page, { include: selector, tags: WCAG_21_AA });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
}

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 900 } };

for (const [width, device] of [
  [1280, desktop],
  [390, phone],
] as const) {
  test.describe(() => {
    test.use(device);

    test(`the restaurant page's Telegram section and the form's set-up help at ${width} px`, async ({
      page,
      baseURL,
    }, testInfo) => {
      const { restaurantId } = await refusedOrder(baseURL!);
      await signIn(page, DEMO_ADMIN);
      await page.goto(`/admin/viewRestaurant/${restaurantId}/${SLUG}`);

      const section = page.getByRole('region', { name: 'Telegram' });
      await expect(section).toContainText('Telegram kanaliga yuboriladi');
      await expect(section.getByText(`Telegramga yuborilmadi: ${REFUSAL}`)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: testInfo.outputPath(`telegram-section-error-${width}.png`) });
      await expectAccessible(page, '[data-testid="telegram-panel"]');

      await section.getByRole('button', { name: 'Sinov xabari yuborish' }).click();
      await expect(section.getByRole('status')).toHaveText('Sinov xabari yuborildi.');
      await expect(section.getByText(/^Telegramga yuborilmadi/)).toHaveCount(0);
      await section.screenshot({ path: testInfo.outputPath(`telegram-section-sent-${width}.png`) });
      await expectAccessible(page, '[data-testid="telegram-panel"]');
      await page.screenshot({ path: testInfo.outputPath(`telegram-page-${width}.png`), fullPage: true });
      // Nothing of the page leaves the screen's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await page.getByRole('button', { name: /Tahrirlash/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Qanday sozlanadi?').click();
      const help = dialog.getByTestId('telegram-setup-help');
      await expect(help.getByRole('listitem')).toHaveCount(5);
      await help.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`telegram-form-help-${width}.png`) });
      await expectAccessible(page, '.modal');
    });
  });
}

test.describe(() => {
  test.use(phone);

  test('a restaurant without Telegram: how to set it up, on a 390 px phone', async ({ page }, testInfo) => {
    const token = await tokenFor(page, manager);
    await startWithToken(page, token);
    const answer = await page.request.get('/manager/restaurants/me', { headers: { authorization: `Bearer ${token}` } });
    const rayhon = ((await answer.json()).data as { _id: string; slug: string }[]).find((r) => r.slug === 'rayhon')!;
    await page.goto(`/viewRestaurant/${rayhon._id}`);
    const section = page.getByRole('region', { name: 'Telegram' });
    await expect(section).toContainText('Telegram sozlanmagan');
    await expect(section.getByRole('button', { name: 'Sinov xabari yuborish' })).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath('telegram-section-unset-manager-390.png') });
    await expectAccessible(page, '[data-testid="telegram-panel"]');
  });

  test('an order card whose Telegram message was refused, on a 390 px phone', async ({ page, baseURL }, testInfo) => {
    const { number } = await refusedOrder(baseURL!);
    await signIn(page, manager);
    await page.goto('/manager');
    await page
      .getByRole('navigation', { name: 'bottom navigation' })
      .getByRole('link', { name: /^Buyurtmalar/ })
      .click();
    // Other specs' orders may wait above it (the longest-waiting first): its own card, by its number.
    const card = page.getByRole('article', { name: new RegExp(`^Buyurtma №${number} · Stol 1$`) });
    await expect(card.getByTestId('order-telegram-error')).toHaveText(`Telegramga yuborilmadi: ${REFUSAL}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await card.screenshot({ path: testInfo.outputPath('order-card-telegram-error-390.png') });
    await expectAccessible(page, '[data-testid="order"]');
    await page.screenshot({ path: testInfo.outputPath('orders-telegram-error-390.png') });
  });
});
