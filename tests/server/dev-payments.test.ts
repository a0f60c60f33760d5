import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import { paymentSettings, products, restaurants, restaurantTables } from '../../server/db/schema';
import { DEMO_PAYMENTS } from '../../server/dev/demo/data';
import { seedDemo } from '../../server/dev/demo/seed';
import { createTestApp, type TestApp } from '../support/app';
import { suiteApp } from '../support/suite-app';

/**
 * Demo mode's payment simulators, driven as a diner's browser drives them: everything over real HTTP to the app
 * listening on a port (the simulators call the merchant endpoints there, as Payme and Click would), on the demo
 * restaurant that takes payments (Samarqand Darvozasi: both methods, 10 % service charge).
 */

let t: TestApp;
let origin: string;
let slug: string;
const dishes: Record<string, string> = {};
const tables: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1' });
  await seedDemo(t.db, { dataDir: t.config.dataDir, telegram: t.app.telegram.demoSettings });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const [demo] = await t.db.select().from(restaurants).where(eq(restaurants.slug, 'samarqand-darvozasi'));
  slug = demo!.slug;
  for (const row of await t.db.select().from(restaurantTables).where(eq(restaurantTables.restaurant_id, demo!._id)))
    tables[row.name] = row.token;
  for (const name of ['Samarqand noni', 'Tandir somsa']) {
    const [product] = await t.db.select({ _id: products._id }).from(products).where(eq(products.name, name));
    dishes[name] = product!._id;
  }
});
afterAll(() => t.close());

interface Answer<T> {
  status: number;
  data: T;
}

async function postJson<T>(path: string, body: object): Promise<Answer<T>> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${origin}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A diner's order of one dish from the table; answers its id. */
async function order(table: string, dish = 'Samarqand noni'): Promise<string> {
  const res = await postJson<{ _id: string }>(`/menu/${slug}/orders`, {
    table_id: tables[table],
    items: [{ product_id: dishes[dish], quantity: 1 }],
  });
  expect(res.status).toBe(201);
  return res.data._id;
}

interface Payment {
  _id: string;
  amount: number;
  status: string;
  redirect_url: string;
}

/** The diner's "Payme/Click orqali to'lash": a payment of the order alone (or the whole bill). */
async function pay(table: string, provider: 'payme' | 'click', orderId?: string): Promise<Payment> {
  const res = await postJson<Payment>(`/menu/${slug}/payments`, {
    table_id: tables[table],
    provider,
    ...(orderId ? { order_id: orderId } : {}),
  });
  expect(res.status).toBe(201);
  return res.data;
}

const paymentStatus = async (id: string) => (await getJson<Payment>(`/menu/${slug}/payments/${id}`)).status;

interface Bill {
  orders: { _id: string; payment_status: string }[];
  paid: number;
  unpaid: number;
  total: number;
}
const bill = (table: string) => getJson<Bill>(`/menu/${slug}/bill?table_id=${tables[table]}`);

async function page(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

/** A press of one of the page's buttons: the form POST a browser sends, its redirect not followed. */
async function press(url: string, form: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** Text as the pages write it (every value escaped). */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

const returnUrl = (table: string, paymentId: string) =>
  `${origin}/menu/${slug}?${new URLSearchParams({ table: tables[table]!, payment: paymentId })}`;

describe('the demo restaurant with tables', () => {
  it('takes Payme and Click with a 12 % VAT and a 10 % service charge', async () => {
    const [demo] = await t.db.select().from(restaurants).where(eq(restaurants.slug, slug));
    expect(demo!.service_percent).toBe(10);
    const [settings] = await t.db.select().from(paymentSettings).where(eq(paymentSettings.restaurant_id, demo!._id));
    expect(settings).toMatchObject({
      payme_enabled: true,
      payme_merchant_id: DEMO_PAYMENTS.payme.merchant_id,
      click_enabled: true,
      click_service_id: DEMO_PAYMENTS.click.service_id,
      vat_percent: 12,
    });
    await order('8');
    expect(await bill('8')).toMatchObject({ total: 8800, methods: ['payme', 'click'] });
  });
});

describe('Payme simulator', () => {
  let paidId: string;

  it('shows the checkout the link describes, then "To\'lash" pays through the Merchant API', async () => {
    const first = await order('1');
    const second = await order('1', 'Tandir somsa');
    const payment = await pay('1', 'payme', first);
    expect(payment.amount).toBe(8800);
    expect(payment.redirect_url.startsWith(`${origin}/dev/payme/`)).toBe(true);
    const encoded = payment.redirect_url.slice(`${origin}/dev/payme/`.length);
    expect(Buffer.from(encoded, 'base64').toString()).toBe(
      `m=${DEMO_PAYMENTS.payme.merchant_id};ac.order_id=${payment._id};a=880000;c=${returnUrl('1', payment._id)};l=uz`,
    );

    const checkout = await page(payment.redirect_url);
    expect(checkout.status).toBe(200);
    expect(checkout.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(checkout.headers.get('content-security-policy')).toContain(`form-action 'self' ${origin}`);
    expect(checkout.body).toContain('<html lang="uz">');
    expect(checkout.body).toContain('Samarqand Darvozasi');
    expect(checkout.body).toContain(`<span class="price">${escaped(formatPrice(8800))}</span>`);
    for (const label of ["To'lash", 'Bekor qilish', 'Karta rad etildi']) expect(checkout.body).toContain(label);
    expect(checkout.body).not.toMatch(/<script|style=/);
    const css = await fetch(`${origin}/dev/payments/page.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');

    const pressed = await press(payment.redirect_url, { action: 'pay' });
    expect(pressed).toMatchObject({ status: 303, location: returnUrl('1', payment._id) });
    expect(await paymentStatus(payment._id)).toBe('paid');
    const after = await bill('1');
    expect(after.orders.map((o) => [o._id, o.payment_status])).toEqual([
      [first, 'paid'],
      [second, 'unpaid'],
    ]);
    expect(after).toMatchObject({ paid: 8800, unpaid: 9900 });
    paidId = payment._id;
  });

  it('"Bekor qilish" creates the transaction and cancels it: the payment is cancelled, the order unpaid', async () => {
    const payment = await pay('1', 'payme');
    const pressed = await press(payment.redirect_url, { action: 'cancel' });
    expect(pressed).toMatchObject({ status: 303, location: returnUrl('1', payment._id) });
    expect(await paymentStatus(payment._id)).toBe('cancelled');
    expect((await bill('1')).orders.map((o) => o.payment_status)).toEqual(['paid', 'unpaid']);
  });

  it('"Karta rad etildi" makes no transaction: Payme\'s -31630, the payment still pending', async () => {
    const payment = await pay('1', 'payme');
    const pressed = await press(payment.redirect_url, { action: 'refuse' });
    expect(pressed.body).toContain('-31630');
    expect(pressed.body).toContain('Karta rad etildi');
    expect(pressed.body).toContain(`href="${escaped(returnUrl('1', payment._id))}"`);
    expect(await paymentStatus(payment._id)).toBe('pending');
    expect((await page(`${origin}/dev/payme`)).body).not.toContain(payment._id);
  });

  it("shows the merchant's refusal in Payme's words when the order is paid already", async () => {
    const payment = await pay('1', 'payme');
    // The whole bill: the other order is paid meanwhile through Click.
    const click = await pay('1', 'click');
    expect((await press(click.redirect_url, { action: 'pay' })).status).toBe(303);
    const pressed = await press(payment.redirect_url, { action: 'pay' });
    expect(pressed.status).toBe(409);
    expect(pressed.body).toMatch(/-3100\d|-3105\d/);
    expect(await paymentStatus(payment._id)).not.toBe('paid');
  });

  it('lists its transactions at /dev/payme, and "Qaytarish" refunds a performed one', async () => {
    const list = await page(`${origin}/dev/payme`);
    expect(list.status).toBe(200);
    expect(list.body).toContain('Payme tranzaksiyalari');
    const item = list.body.split('<li>').find((li) => li.includes(paidId))!;
    expect(item).toContain(escaped("To'langan"));
    const paymeId = /name="refund" value="([0-9a-f]{24})"/.exec(item)![1]!;

    const pressed = await press(`${origin}/dev/payme`, { refund: paymeId });
    expect(pressed).toMatchObject({ status: 303, location: '/dev/payme' });
    expect(await paymentStatus(paidId)).toBe('refunded');
    const after = (await page(`${origin}/dev/payme`)).body.split('<li>').find((li) => li.includes(paidId))!;
    expect(after).toContain('Qaytarilgan');
    expect(after).not.toContain('Qaytarish');
  });

  it('refuses a link it cannot read, or a cashbox it does not know, as its checkout does', async () => {
    expect((await page(`${origin}/dev/payme/${Buffer.from('a=100').toString('base64')}`)).body).toContain('-31601');
    const unknown = Buffer.from(`m=${'0'.repeat(24)};ac.order_id=${randomUUID()};a=100`).toString('base64');
    const answer = await page(`${origin}/dev/payme/${unknown}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('-31601');
  });
});

describe('Click simulator', () => {
  it('"To\'lash" prepares and completes: the payment is paid', async () => {
    const first = await order('2');
    await order('2', 'Tandir somsa');
    const payment = await pay('2', 'click', first);
    const button = new URL(payment.redirect_url);
    expect(`${button.origin}${button.pathname}`).toBe(`${origin}/dev/click`);
    expect(Object.fromEntries(button.searchParams)).toEqual({
      service_id: DEMO_PAYMENTS.click.service_id,
      merchant_id: DEMO_PAYMENTS.click.merchant_id,
      amount: '8800.00',
      transaction_param: payment._id,
      return_url: returnUrl('2', payment._id),
      merchant_user_id: DEMO_PAYMENTS.click.merchant_user_id,
    });
    const checkout = await page(payment.redirect_url);
    expect(checkout.status).toBe(200);
    expect(checkout.body).toContain(`<span class="price">${escaped(formatPrice(8800))}</span>`);
    for (const label of ["To'lash", 'Bekor qilish', '15 ssenariy']) expect(checkout.body).toContain(label);

    const pressed = await press(payment.redirect_url, { action: 'pay' });
    expect(pressed).toMatchObject({ status: 303, location: returnUrl('2', payment._id) });
    expect(await paymentStatus(payment._id)).toBe('paid');
    expect((await bill('2')).orders.map((o) => o.payment_status)).toEqual(['paid', 'unpaid']);
  });

  it('"Bekor qilish" completes with error -5017: the payment is cancelled', async () => {
    const payment = await pay('2', 'click');
    const pressed = await press(payment.redirect_url, { action: 'cancel' });
    expect(pressed).toMatchObject({ status: 303, location: returnUrl('2', payment._id) });
    expect(await paymentStatus(payment._id)).toBe('cancelled');
    expect((await bill('2')).orders.map((o) => o.payment_status)).toEqual(['paid', 'unpaid']);
  });

  it("runs Click's 15 test scenarios against the endpoint for a fresh payment: every answer as expected", async () => {
    const payment = await pay('3', 'click', await order('3'));
    const button = new URL(payment.redirect_url);
    const run = await press(`${origin}/dev/click/scenarios${button.search}`, {});
    expect(run.status).toBe(200);
    const rows = [...run.body.matchAll(/data-n="(\d+)" data-expected="(-?\d+)" data-actual="(-?\d*)"/g)].map((m) => ({
      n: Number(m[1]),
      expected: Number(m[2]),
      actual: m[3] === '' ? null : Number(m[3]),
    }));
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(rows.map((r) => r.expected)).toEqual([-1, -5, 0, -1, -2, 0, -4, -9, 0, -6, 0, 0, -9, -9, -9]);
    expect(rows.map((r) => r.actual)).toEqual(rows.map((r) => r.expected));
    expect(run.body).toContain('15 tadan 15 tasi mos');
    expect(await paymentStatus(payment._id)).toBe('paid');
  });

  it('refuses a button without its required parameters', async () => {
    const answer = await page(`${origin}/dev/click?service_id=1&amount=100.00`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('merchant_id, transaction_param');
  });
});

describe('only in demo mode, and only without a configured checkout host', () => {
  const payme = suiteApp({ DEMO: '1', PAYME_CHECKOUT_URL: 'https://test.paycom.uz' });
  const plain = suiteApp();

  it('leaves /dev/payme out when PAYME_CHECKOUT_URL is set (Click still simulated)', async () => {
    expect((await payme.app.inject({ url: '/dev/payme' })).statusCode).toBe(404);
    expect((await payme.app.inject({ url: '/dev/click' })).statusCode).toBe(200);
  });

  it('has neither outside demo mode', async () => {
    expect((await plain.app.inject({ url: '/dev/payme' })).statusCode).toBe(404);
    expect((await plain.app.inject({ url: '/dev/click' })).statusCode).toBe(404);
  });
});
