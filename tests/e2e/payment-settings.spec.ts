import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, request } from '@playwright/test';
import { DEMO_MANAGERS } from '../../server/dev/demo/data';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * Payments in the panel on a 390 px phone, on the demo data: the manager opens "To'lovlar" from the restaurant card,
 * sets the service charge and turns Click on (the server first refuses it without its data, the form keeps what was
 * typed), and after a reload finds it kept, with the secret key shown as set and never shown back. In Payme's block
 * the manager types the receipt's codes for the service charge and the tip (a wrong one marked as the product form
 * marks it). Then, on the orders screen, a table's order is marked paid in cash and its card says so with the amount. Rayhon's settings are put back
 * as they were (nothing set) at the end, so the demo data other journeys read stays as it is. Screenshots go to the
 * test's output folder.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

const manager = DEMO_MANAGERS[0]!;
const CLICK_INCOMPLETE = "Click'ni yoqish uchun service ID, merchant ID, merchant user ID va maxfiy kalitni kiriting.";

interface Mine {
  _id: string;
  slug: string;
}

async function api(baseURL: string): Promise<{ http: APIRequestContext; headers: Record<string, string> }> {
  const http = await request.newContext({ baseURL });
  const login = await http.post('/auth/login', { data: { login: manager.login, password: manager.password } });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  return { http, headers: { authorization: `Bearer ${token}` } };
}

async function restaurantId(http: APIRequestContext, headers: Record<string, string>, slug: string) {
  const mine = (await (await http.get('/manager/restaurants/me', { headers })).json()).data as Mine[];
  return mine.find((r) => r.slug === slug)!._id;
}

/** Rayhon as the demo seeds it: no payment method, no service charge. */
async function resetRayhon(baseURL: string): Promise<void> {
  const { http, headers } = await api(baseURL);
  try {
    const id = await restaurantId(http, headers, 'rayhon');
    const answer = await http.put(`/manager/restaurants/${id}/payments`, {
      headers,
      data: {
        payme: {
          enabled: false,
          service_ikpu: null,
          service_package_code: null,
          tip_ikpu: null,
          tip_package_code: null,
        },
        click: { enabled: false, service_id: '', merchant_id: '', merchant_user_id: '', secret_key: null },
        service_percent: 0,
        vat_percent: 0,
      },
    });
    expect(answer.status()).toBe(200);
  } finally {
    await http.dispose();
  }
}

/** One dish ordered at Samarqand Darvozasi's table `table` through the diner's API: its number. */
async function placeOrder(baseURL: string, table: string): Promise<number> {
  const { http, headers } = await api(baseURL);
  try {
    const id = await restaurantId(http, headers, 'samarqand-darvozasi');
    const tables = (await (await http.get(`/manager/tables?restaurant_id=${id}`, { headers })).json()).data as {
      name: string;
      token: string;
    }[];
    const categories = (await (await http.get(`/user/category?restaurant_id=${id}`)).json()).categories as {
      _id: string;
    }[];
    const products = (await (await http.get(`/user/products/category/?category_id=${categories[0]!._id}`)).json()).data
      .products as { _id: string }[];
    for (const product of products) {
      const placed = await http.post('/menu/samarqand-darvozasi/orders', {
        headers: { 'idempotency-key': randomUUID() },
        data: {
          table_id: tables.find((t) => t.name === table)!.token,
          items: [{ product_id: product._id, quantity: 2 }],
        },
      });
      if (placed.status() === 201) return ((await placed.json()) as { data: { number: number } }).data.number;
    }
    throw new Error('no dish could be ordered');
  } finally {
    await http.dispose();
  }
}

/** The payment section scrolled to its bottom (the save button and its result), as a screenshot. */
async function shootSection(page: Page, name: string) {
  const section = page.getByRole('region', { name: "To'lovlar" });
  await section.getByTestId('payment-settings-result').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await section.screenshot({ path: test.info().outputPath(`${name}-section.png`) });
}

test('the manager sets the service charge and turns Click on; the keys stay write-only', async ({ page, baseURL }) => {
  await signIn(page, manager);
  try {
    await page.goto('/manager');
    await page.getByTestId('manager-restaurant-rayhon').getByRole('link', { name: "To'lovlar" }).click();
    const section = page.getByRole('region', { name: "To'lovlar" });
    await expect(section.getByLabel('Xizmat haqi (%)')).toHaveValue('0');
    await expect(section).toBeInViewport();
    await expect(section.getByTestId('key-state-click_secret_key')).toHaveText("o'rnatilmagan");

    // The form's own check first: more than 30 % is not a service charge.
    await section.getByLabel('Xizmat haqi (%)').fill('45');
    await section.getByRole('button', { name: 'Saqlash' }).click();
    await expect(section.getByText("Xizmat haqi 0 dan 30 gacha butun son bo'lishi kerak.")).toBeVisible();
    await section.getByLabel('Xizmat haqi (%)').fill('15');

    // Click on without its data: the server says what is missing; what was typed stays.
    await section.getByLabel("Click orqali to'lov").check();
    await section.getByLabel('Service ID').fill('41001');
    await section.getByRole('button', { name: 'Saqlash' }).click();
    const result = section.getByRole('status');
    await expect(result).toHaveText(CLICK_INCOMPLETE);
    await expect(result).toHaveClass(/text-danger/);
    await expect(section.getByLabel('Service ID')).toHaveValue('41001');
    await expect(section.getByLabel("Click orqali to'lov")).toBeChecked();
    await shootSection(page, 'payment-settings-refused-390');

    await section.getByLabel('Merchant ID', { exact: true }).fill('27002');
    await section.getByLabel('Merchant user ID').fill('53003');
    await section.getByLabel('Maxfiy kalit (SECRET_KEY)', { exact: true }).fill('sinov-maxfiy-kalit');
    await section.getByRole('button', { name: 'Saqlash' }).click();
    await expect(result).toHaveText("To'lov sozlamalari saqlandi.");
    await expect(section.getByTestId('key-state-click_secret_key')).toHaveText("o'rnatilgan");
    await expect(section.getByLabel('Maxfiy kalit (SECRET_KEY)', { exact: true })).toHaveValue('');

    await page.reload();
    const again = page.getByRole('region', { name: "To'lovlar" });
    await expect(again.getByLabel('Xizmat haqi (%)')).toHaveValue('15');
    await expect(again.getByLabel("Click orqali to'lov")).toBeChecked();
    await expect(again.getByLabel('Service ID')).toHaveValue('41001');
    await expect(again.getByLabel('Merchant user ID')).toHaveValue('53003');
    await expect(again.getByTestId('key-state-click_secret_key')).toHaveText("o'rnatilgan");
    await expect(again.getByLabel('Maxfiy kalit (SECRET_KEY)', { exact: true })).toHaveValue('');
    await expect(again.getByLabel('Maxfiy kalit (SECRET_KEY)', { exact: true })).toHaveAttribute('type', 'password');
    await expect(again.getByTestId('key-state-payme_key')).toHaveText("o'rnatilmagan");
    await shootSection(page, 'payment-settings-saved-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shootSection(page, 'payment-settings-saved-1280');
  } finally {
    await resetRayhon(baseURL!);
  }
});

test("the manager sets the codes of Payme's receipt for the service charge and the tip", async ({ page, baseURL }) => {
  await signIn(page, manager);
  try {
    await page.goto('/manager');
    await page.getByTestId('manager-restaurant-rayhon').getByRole('link', { name: "To'lovlar" }).click();
    const section = page.getByRole('region', { name: "To'lovlar" });
    const codes = section.getByRole('group', { name: 'Chek uchun kodlar' });
    await codes.getByLabel('Xizmat haqi IKPU kodi').fill('1039900200100000');
    await codes.getByLabel('Xizmat haqi qadoq kodi').fill('1545646');
    await codes.getByLabel('Choy puli IKPU kodi').fill('10399 00200 2000000');
    await section.getByRole('button', { name: 'Saqlash' }).click();
    await expect(codes.getByText("IKPU (MXIK) kodi aynan 17 ta raqamdan iborat bo'lishi kerak.")).toHaveCount(1);
    await expect(codes.getByLabel('Xizmat haqi IKPU kodi')).toHaveAttribute('aria-invalid', 'true');
    await section.getByRole('group', { name: 'Payme' }).screenshot({
      path: test.info().outputPath('payment-receipt-codes-refused-390.png'),
    });
    await codes.getByLabel('Xizmat haqi IKPU kodi').fill('10399002001000000');
    await section.getByRole('button', { name: 'Saqlash' }).click();
    await expect(section.getByRole('status')).toHaveText("To'lov sozlamalari saqlandi.");

    await page.reload();
    const again = page.getByRole('region', { name: "To'lovlar" }).getByRole('group', { name: 'Chek uchun kodlar' });
    await expect(again.getByLabel('Xizmat haqi IKPU kodi')).toHaveValue('10399002001000000');
    await expect(again.getByLabel('Xizmat haqi qadoq kodi')).toHaveValue('1545646');
    await expect(again.getByLabel('Choy puli IKPU kodi')).toHaveValue('10399002002000000');
    await expect(again.getByLabel('Choy puli qadoq kodi')).toHaveValue('');
    // The phone's screen as the manager sees the group (an element taller than the screen would be stitched).
    await again.getByLabel('Choy puli qadoq kodi').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('payment-receipt-codes-390.png') });
  } finally {
    await resetRayhon(baseURL!);
  }
});

test("a table's order is marked paid in cash on the orders screen", async ({ page, baseURL }) => {
  const number = await placeOrder(baseURL!, '2');
  await signIn(page, manager);
  await page.goto(`/orders?restaurant=${await idOf(baseURL!, 'samarqand-darvozasi')}`);
  const card = page.getByRole('article', { name: new RegExp(`^Buyurtma №${number} · Stol 2$`) });
  await expect(card.getByTestId('order-payment')).toHaveText(/To'lanmagan$/);
  await card.getByRole('button', { name: "Naqd to'landi" }).click();
  const question = page.getByRole('dialog', { name: "Naqd to'lov" });
  await expect(question).toContainText('Stol 2:');
  const amount = (await question.getByTestId('cash-amount').textContent())!;
  expect(amount).toMatch(/^[\d\u00a0]+\u00a0so'm$/);
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('cash-question-390.png') });
  await question.getByRole('button', { name: "Ha, to'landi" }).click();
  await expect(question).toBeHidden();
  await expect(card.getByTestId('order-payment')).toHaveText(new RegExp(`To'landi · Naqd · ${amount}$`));
  await expect(card.getByRole('button', { name: "Naqd to'landi" })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('cash-paid-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('cash-paid-1280.png') });
});

/** The open dialog has faded in: a screenshot shows it, not the page through it. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return modal !== null && getComputedStyle(modal).opacity === '1';
  });
}

async function idOf(baseURL: string, slug: string): Promise<string> {
  const { http, headers } = await api(baseURL);
  try {
    return await restaurantId(http, headers, slug);
  } finally {
    await http.dispose();
  }
}
