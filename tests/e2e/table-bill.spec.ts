import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { serviceCharge, sumSom, tipOf } from '../../lib/bill';
import { formatPrice } from '../../lib/format';
import { axeViolations } from './support/axe';
import { demoTableToken, ORDERING_MANAGER, ORDERING_SLUG } from './support/demo-table';
import { startWithToken, tokenFor } from './support/session';
import { expect, test } from './support/test';

/**
 * The diner's "Hisob" on a 390 px phone, on the demo's Samarqand Darvozasi (Payme and Click on, service 10 %): the
 * cart says the service charge before ordering; the bill lists the order, "Xizmat haqi 10 %" and the total; a 10 %
 * tip is shown as it is chosen; Payme's local simulator (/dev/payme) takes the payment and sends the phone back, where
 * "To'landi" and the amount appear (and on a page already open at the return address, without a reload); a cancelled
 * payment says so; "Faqat mening buyurtmam" pays only this phone's order. Each test has its own table (6, 7, 8), so
 * no bill mixes with another spec's orders.
 */

test.use({
  locale: 'uz-UZ',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});

const SLUG = ORDERING_SLUG;
const money = (value: number) => formatPrice(value);

/** The first dish that goes straight to the cart (no options): its "+", id and price. */
async function plainDish(page: Page) {
  const article = page.locator('main article:not(:has(details)):has(.ad)').first();
  return {
    add: article.locator('.ad'),
    id: (await article.getAttribute('data-id'))!,
    price: Number(await article.getAttribute('data-v')),
  };
}

/** Orders `times` of the first plain dish from the page's cart; answers what the order's dishes come to. */
async function orderFromPhone(page: Page, times: number): Promise<number> {
  const dish = await plainDish(page);
  for (let i = 0; i < times; i++) await dish.add.click();
  await page.locator('.cbb').click();
  const cart = page.getByRole('dialog', { name: 'Savat' });
  const total = dish.price * times;
  // The service charge is said before ordering, and the total includes it.
  await expect(cart.locator('.cs')).toHaveText(`Xizmat haqi 10\u00a0%${money(serviceCharge(total, 10))}`);
  await expect(cart.locator('.cto')).toHaveText(money(total + serviceCharge(total, 10)));
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(page.locator('#os').getByRole('heading', { level: 2 })).toHaveText(/^Buyurtma №\d+$/);
  return total;
}

const hisob = (page: Page) => page.getByRole('button', { name: /^Hisob\b/ });
const billSheet = (page: Page) => page.getByRole('dialog', { name: 'Hisob' });

test('order, open Hisob, a 10 % tip, pay with Payme: "To\'landi" with the amount, live on an open page, the orders screen and Telegram', async ({
  page,
  baseURL,
  browser,
}, testInfo) => {
  const table = await demoTableToken(baseURL!, '6');
  await page.goto(`/menu/${SLUG}?table=${table}`);
  await expect(page.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toBeVisible();
  // Nothing ordered yet: no bill to pay.
  await expect(hisob(page)).toBeHidden();

  const dishes = await orderFromPhone(page, 2);
  const orderTitle = (await page.locator('#os').getByRole('heading', { level: 2 }).textContent())!;
  const service = serviceCharge(dishes, 10);
  const bill = dishes + service;
  await expect(hisob(page)).toHaveAccessibleName(`Hisob ${money(bill)}`);
  await hisob(page).click();

  const sheet = billSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.locator('.b1')).toHaveCount(1);
  await expect(sheet.locator('.bt')).toContainText(`Xizmat haqi 10\u00a0%${money(service)}`);
  await expect(sheet.locator('.bt')).toContainText(`Jami${money(bill)}`);
  // Only the methods the restaurant has on, each named by what it does.
  await expect(sheet.getByRole('button', { name: "Payme orqali to'lash" })).toBeVisible();
  await expect(sheet.getByRole('button', { name: "Click orqali to'lash" })).toBeVisible();
  // One order and it is this phone's: "only mine" would be the same thing, so it is not offered.
  await expect(sheet.getByRole('radio', { name: /Faqat mening buyurtmam/ })).toHaveCount(0);

  const tip = tipOf(bill, 10);
  await sheet.getByRole('radio', { name: /^10\s%/ }).check();
  await expect(sheet.locator('.bd')).toContainText(`Choy puli${money(tip)}`);
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(bill + tip)}`);

  // An amount of the diner's own, checked as it is typed, then back to 10 %.
  await sheet.getByRole('radio', { name: 'Boshqa summa' }).check();
  const own = sheet.getByLabel("Choy puli, so'm");
  await own.fill(String(bill + 1));
  await expect(sheet.getByRole('alert')).toHaveText(`Choy puli hisobdan katta bo'lmasin: ko'pi bilan ${money(bill)}.`);
  await expect(sheet.getByRole('button', { name: "Payme orqali to'lash" })).toBeDisabled();
  await own.fill('7000');
  await expect(sheet.locator('.ce')).toBeEmpty();
  await expect(sheet.getByRole('button', { name: "Payme orqali to'lash" })).toBeEnabled();
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(bill + 7000)}`);
  await sheet.getByRole('radio', { name: /^10\s%/ }).check();
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(bill + tip)}`);

  expect((await axeViolations(page, { include: '#bill' })).map((v) => v.id)).toEqual([]);
  await sheet.evaluate((dialog) => {
    dialog.scrollTop = dialog.scrollHeight;
  });
  await page.screenshot({ path: testInfo.outputPath('bill-phone.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await sheet.evaluate((dialog) => {
    dialog.scrollTop = dialog.scrollHeight;
  });
  await page.screenshot({ path: testInfo.outputPath('bill-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });

  const made = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/payments'));
  await sheet.getByRole('button', { name: "Payme orqali to'lash" }).click();
  const created = await made;
  expect(created.status()).toBe(201);
  expect(created.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(created.request().postDataJSON()).toEqual({ table_id: table, provider: 'payme', tip });

  // Payme's checkout (the local simulator) asks for exactly the bill and the tip, for our payment (its account field).
  await expect(page).toHaveURL(/\/dev\/payme\/.+/);
  await expect(page.locator('.amount')).toHaveText(money(bill + tip));
  const encoded = decodeURIComponent(new URL(page.url()).pathname.slice('/dev/payme/'.length));
  const checkout = Buffer.from(encoded, 'base64').toString();
  const payment = { _id: /ac\.order_id=([0-9a-f-]{36})/.exec(checkout)![1]! };

  // The table's page already open at the return address while the payment is pending: it follows on its own.
  const waiting = await page.context().newPage();
  await waiting.goto(`/menu/${SLUG}?table=${table}&payment=${payment._id}`);
  const waitingPanel = waiting.locator('#pd');
  await expect(waitingPanel.getByRole('status')).toHaveText(
    "To'lov hali tasdiqlanmadi. Tasdiqlanishi bilan shu yerda ko'rinadi.",
  );
  await waiting.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  await page.getByRole('button', { name: "To'lash" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${SLUG}\\?table=${table}&payment=${payment._id}$`));
  const panel = page.locator('#pd');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText("To'landi");
  await expect(panel.getByRole('status')).toHaveText(`${money(bill + tip)} to'landi. Rahmat!`);
  await expect(panel).toContainText(`Choy puli${money(tip)}`);
  await expect(panel.locator('dt', { hasText: 'Vaqt' })).toBeVisible();
  // Nothing is left to pay: the bill's button is gone.
  await expect(hisob(page)).toBeHidden();

  await expect(waitingPanel.getByRole('heading', { level: 2 })).toHaveText("To'landi", { timeout: 15_000 });
  await expect(waitingPanel.getByRole('status')).toHaveText(`${money(bill + tip)} to'landi. Rahmat!`);
  expect(await waiting.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await panel.screenshot({ path: testInfo.outputPath('paid-phone.png') });

  // "Yopish" puts it away, and a reload does not bring it back.
  await panel.getByRole('button', { name: 'Yopish' }).click();
  await expect(panel).toBeHidden();
  expect(new URL(page.url()).searchParams.has('payment')).toBe(false);

  // The staff learn it where they work: the order's card on the orders screen, and its Telegram message edited.
  const paidLine = `To'landi · Payme · ${money(bill + tip)}`;
  const staff = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const screen = await staff.newPage();
  const token = await tokenFor(screen, ORDERING_MANAGER);
  const mine = (await (
    await screen.request.get('/manager/restaurants/me', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { _id: string; slug: string }[] };
  await startWithToken(screen, token);
  await screen.goto(`/orders?restaurant=${mine.data.find((r) => r.slug === SLUG)!._id}`);
  const card = screen.getByRole('article', { name: new RegExp(`^${orderTitle} · Stol 6`) });
  await expect(card).toContainText(paidLine);
  await expect(card.getByRole('button', { name: "Naqd to'landi" })).toHaveCount(0);
  await screen.goto('/dev/telegram');
  const message = screen.locator('article.msg', { hasText: `${orderTitle} · 6-stol` });
  await expect(message).toContainText(`💳 ${paidLine}`, { timeout: 10_000 });
  await expect(message).toContainText(`Xizmat haqi 10\u00a0%: ${money(service)}`);
  await staff.close();
});

test('a payment cancelled at the checkout says so and the bill is there to pay; a dropped tap keeps its key', async ({
  page,
  baseURL,
}) => {
  const table = await demoTableToken(baseURL!, '7');
  await page.goto(`/menu/${SLUG}?table=${table}`);
  const dishes = await orderFromPhone(page, 1);
  const bill = dishes + serviceCharge(dishes, 10);
  await hisob(page).click();
  await billSheet(page).getByRole('button', { name: "Payme orqali to'lash" }).click();
  await expect(page).toHaveURL(/\/dev\/payme\/.+/);
  await page.getByRole('button', { name: 'Bekor qilish' }).click();

  const panel = page.locator('#pd');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText("To'lov bekor qilindi");
  await expect(panel.getByRole('status')).toHaveText(
    "Pul yechilmadi, hisob to'lanmagan. Qayta to'lashingiz yoki ofitsiantdan so'rashingiz mumkin.",
  );
  await expect(hisob(page)).toHaveAccessibleName(`Hisob ${money(bill)}`);
  await panel.getByRole('button', { name: 'Hisobni ochish' }).click();
  const sheet = billSheet(page);
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(bill)}`);

  // The connection drops on the next tap: said in words, and the same tap again is the same payment (its key).
  const keys: string[] = [];
  await page.route('**/menu/*/payments', async (route) => {
    keys.push(route.request().headers()['idempotency-key']!);
    if (keys.length === 1) return route.abort('internetdisconnected');
    return route.continue();
  });
  const click = sheet.getByRole('button', { name: "Click orqali to'lash" });
  await click.click();
  await expect(sheet.getByRole('alert')).toHaveText(
    "Internet bilan aloqa yo'q. Qayta bosing: to'lov ikki marta yaratilmaydi.",
  );
  await expect(click).toBeEnabled();
  await click.click();
  await expect(page).toHaveURL(/\/dev\/click/);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('"Faqat mening buyurtmam" pays this phone\'s order alone; the table\'s other order stays on the bill', async ({
  page,
  baseURL,
  request,
}, testInfo) => {
  const table = await demoTableToken(baseURL!, '8');
  await page.goto(`/menu/${SLUG}?table=${table}`);
  // Another diner at the table orders from their own phone first.
  const dish = await plainDish(page);
  const theirs = await request.post(`/menu/${SLUG}/orders`, {
    headers: { 'idempotency-key': randomUUID(), 'x-device-id': `boshqa-telefon-${randomUUID().slice(0, 8)}` },
    data: { table_id: table, items: [{ product_id: dish.id, quantity: 3 }] },
  });
  expect(theirs.status()).toBe(201);
  const theirTotal = dish.price * 3;
  const theirBill = theirTotal + serviceCharge(theirTotal, 10);

  const mine = await orderFromPhone(page, 1);
  const myBill = mine + serviceCharge(mine, 10);
  await hisob(page).click();
  const sheet = billSheet(page);
  await expect(sheet.locator('.b1')).toHaveCount(2);
  await expect(sheet.locator('.bt')).toContainText(`Jami${money(sumSom([theirBill, myBill]))}`);
  const whole = sheet.getByRole('radio', { name: /^Butun stol hisobi/ });
  await expect(whole).toBeChecked();
  await expect(whole).toHaveAccessibleName(`Butun stol hisobi ${money(theirBill + myBill)}`);
  await sheet.getByRole('radio', { name: /^Faqat mening buyurtmam/ }).check();
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(myBill)}`);
  // The tip follows the bill being paid: 5 % of this order, not of the table's.
  await sheet.getByRole('radio', { name: /^5\s%/ }).check();
  const tip = tipOf(myBill, 5);
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(myBill + tip)}`);
  await page.screenshot({ path: testInfo.outputPath('bill-mine-phone.png') });

  const made = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/payments'));
  await sheet.getByRole('button', { name: "Payme orqali to'lash" }).click();
  const body = (await made).request().postDataJSON() as { order_id?: string; tip?: number };
  expect(body.tip).toBe(tip);
  expect(body.order_id).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: "To'lash" }).click();

  const panel = page.locator('#pd');
  await expect(panel.getByRole('status')).toHaveText(`${money(myBill + tip)} to'landi. Rahmat!`);
  // The other diner's order is still to pay, and the bill says what is paid.
  await expect(hisob(page)).toHaveAccessibleName(`Hisob ${money(theirBill)}`);
  await hisob(page).click();
  await expect(sheet.locator('.b1').filter({ hasText: "To'langan" })).toHaveCount(1);
  await expect(sheet.locator('.bt')).toContainText(`To'langan${money(myBill)}`);
  await expect(sheet.locator('.bt')).toContainText(`To'lanishi kerak${money(theirBill)}`);
  await expect(sheet.getByRole('radio', { name: /Faqat mening buyurtmam/ })).toHaveCount(0);
  await expect(sheet.locator('.bd')).toContainText(`To'lanadi${money(theirBill)}`);
});
