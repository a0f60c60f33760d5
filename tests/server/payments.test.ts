import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, staffEvents } from '../../server/db/schema';
import { cancelPayment, completePayment, holdPayment } from '../../server/domain/payments/settle';
import type { Work } from '../../server/domain/unit-of-work';
import { findPayment, type PaymentRecord } from '../../server/repositories/payments';
import { setupTenants } from '../support/tenants';
import { orderingRestaurant } from './orders-fixtures';
import {
  CLICK,
  getBill,
  order,
  PAYME_KEY,
  PAYME_MERCHANT,
  PAYME_TEST_KEY,
  payingRestaurant,
  pendingPayment,
  postPayment,
  putPaymentSettings,
} from './payments-fixtures';

const t = setupTenants();

/** Payme's receipt codes for the service charge and the tip, never set (payme-fiscal-codes.test.ts sets them). */
const NO_RECEIPT_CODES = { service_ikpu: null, service_package_code: null, tip_ikpu: null, tip_package_code: null };

const getSettings = (restaurantId: string, as: 'owner' | 'admin' | 'other' | 'anonymous' = 'owner') =>
  t.call(as, { method: 'GET', url: `/manager/restaurants/${restaurantId}/payments` });

describe('/manager/restaurants/{id}/payments', () => {
  it('starts with every method off and nothing set', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const res = await getSettings(restaurant._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      payme: {
        enabled: false,
        merchant_id: '',
        key_set: false,
        test_key_set: false,
        test_mode: false,
        ...NO_RECEIPT_CODES,
      },
      click: { enabled: false, service_id: '', merchant_id: '', merchant_user_id: '', secret_key_set: false },
      vat_percent: 0,
      service_percent: 0,
    });
  });

  it('takes the keys but never answers them; an omitted key is kept, null removes it', async () => {
    const { restaurant } = await payingRestaurant(t);
    const read = await getSettings(restaurant._id, 'admin');
    expect(read.json().data).toEqual({
      payme: {
        enabled: true,
        merchant_id: PAYME_MERCHANT,
        key_set: true,
        test_key_set: true,
        test_mode: false,
        ...NO_RECEIPT_CODES,
      },
      click: {
        enabled: true,
        service_id: CLICK.service_id,
        merchant_id: CLICK.merchant_id,
        merchant_user_id: CLICK.merchant_user_id,
        secret_key_set: true,
      },
      vat_percent: 12,
      service_percent: 0,
    });
    for (const secret of [PAYME_KEY, PAYME_TEST_KEY, CLICK.secret_key]) expect(read.body).not.toContain(secret);

    const kept = await putPaymentSettings(t, restaurant._id, { payme: { test_key: null }, vat_percent: 15 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.payme).toMatchObject({ key_set: true, test_key_set: false });
    expect(kept.json().data.vat_percent).toBe(15);
  });

  it('refuses to turn on a method that could not take money, naming what it needs', async () => {
    const { restaurant } = await orderingRestaurant(t);
    const payme = await putPaymentSettings(t, restaurant._id, {
      payme: { enabled: true, merchant_id: PAYME_MERCHANT },
    });
    expect(payme.statusCode).toBe(400);
    expect(payme.json().message).toContain('kalit');
    const testMode = await putPaymentSettings(t, restaurant._id, {
      payme: { enabled: true, merchant_id: PAYME_MERCHANT, key: PAYME_KEY, test_mode: true },
    });
    expect(testMode.statusCode).toBe(400);
    const click = await putPaymentSettings(t, restaurant._id, { click: { enabled: true, service_id: '1' } });
    expect(click.statusCode).toBe(400);
    expect((await getSettings(restaurant._id)).json().data.payme.enabled).toBe(false);
    // Click needs every one of its four: each left empty (or the key removed) is refused on its own.
    for (const missing of [{ service_id: '' }, { merchant_id: '' }, { merchant_user_id: '' }, { secret_key: null }]) {
      const res = await putPaymentSettings(t, restaurant._id, { click: { enabled: true, ...CLICK, ...missing } });
      expect([res.statusCode, res.json().message], JSON.stringify(missing)).toEqual([
        400,
        "Click'ni yoqish uchun service ID, merchant ID, merchant user ID va maxfiy kalitni kiriting.",
      ]);
    }
    expect((await putPaymentSettings(t, restaurant._id, { click: { enabled: true, ...CLICK } })).statusCode).toBe(200);
  });

  it('offers the diner only the methods that are on, and keeps the VAT a save does not name', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    expect((await putPaymentSettings(t, s.restaurant._id, { payme: { enabled: false } })).statusCode).toBe(200);
    const off = await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme' });
    expect([off.statusCode, off.json().message]).toEqual([403, "Bu restoranda Payme orqali to'lov yoqilmagan."]);
    expect((await getSettings(s.restaurant._id)).json().data.vat_percent).toBe(12);
  });

  it('validates ids and percents', async () => {
    const { restaurant } = await orderingRestaurant(t);
    for (const body of [
      { payme: { merchant_id: 'not-hex' } },
      { click: { service_id: '12a' } },
      { service_percent: 31 },
      { vat_percent: -1 },
      { payme: { key: 'has space' } },
    ]) {
      expect((await putPaymentSettings(t, restaurant._id, body)).statusCode).toBe(400);
    }
  });

  it('is the owner’s and the admin’s only', async () => {
    const { restaurant } = await orderingRestaurant(t);
    expect((await getSettings(restaurant._id, 'other')).statusCode).toBe(404);
    expect((await getSettings(restaurant._id, 'anonymous')).statusCode).toBe(401);
    expect((await putPaymentSettings(t, restaurant._id, { service_percent: 10 }, 'other')).statusCode).toBe(404);
    expect((await putPaymentSettings(t, restaurant._id, { service_percent: 10 }, 'admin')).statusCode).toBe(200);
  });
});

describe('the service charge', () => {
  it('is added to each new order as it is when the order is made, in whole so’m, and drops the menu’s caches', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    expect(t.changed).toContain(s.restaurant._id);
    const first = await order(t, s, 3);
    expect(first).toMatchObject({ total: 75000, service_percent: 10, service: 7500, payment_status: 'unpaid' });

    await putPaymentSettings(t, s.restaurant._id, { service_percent: 15 });
    const second = await order(t, s);
    expect(second).toMatchObject({ total: 25000, service_percent: 15, service: 3750 });
    const [stored] = await t.db.select().from(orders).where(eq(orders._id, first._id));
    expect(stored!.service).toBe(7500);
  });
});

describe('GET /menu/{slug}/bill', () => {
  it('sums the table’s unpaid orders with their service charge, and says how it can be paid', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    const empty = await getBill(t, s.restaurant.slug, s.table.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      orders: [],
      service: 0,
      total: 0,
      paid: 0,
      unpaid: 0,
      methods: ['payme', 'click'],
    });

    const a = await order(t, s, 2);
    const b = await order(t, s, 1);
    const bill = (await getBill(t, s.restaurant.slug, s.table.token)).json().data;
    expect(bill.orders.map((o: { _id: string }) => o._id)).toEqual([a._id, b._id]);
    expect(bill).toMatchObject({ service: 7500, total: 82500, paid: 0, unpaid: 82500 });
  });

  it('answers 404 for an unknown table', async () => {
    const s = await payingRestaurant(t);
    expect((await getBill(t, s.restaurant.slug, 'f'.repeat(32))).statusCode).toBe(404);
  });
});

describe('POST /menu/{slug}/payments', () => {
  it('fixes the amount from the orders, the service and the tip, and links Payme’s checkout as documented', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await order(t, s, 2);
    const res = await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme', tip: 5000 });
    expect(res.statusCode).toBe(201);
    const payment = res.json().data;
    expect(payment).toMatchObject({ provider: 'payme', amount: 60000, tip: 5000, status: 'pending', paid_at: null });
    const url = new URL(payment.redirect_url);
    expect(`${url.origin}/`).toBe('https://checkout.paycom.uz/');
    const fields = Buffer.from(url.pathname.slice(1), 'base64').toString().split(';');
    expect(fields.slice(0, 3)).toEqual([`m=${PAYME_MERCHANT}`, `ac.order_id=${payment._id}`, 'a=6000000']);
    const back = new URL(fields[3]!.slice(2));
    expect(back.pathname).toBe(`/menu/${s.restaurant.slug}`);
    expect(back.searchParams.get('payment')).toBe(payment._id);
    expect(back.searchParams.get('table')).toBe(s.table.token);
  });

  it('sends a restaurant in test mode to Payme’s sandbox, and Click’s button with the amount in so’m', async () => {
    const s = await payingRestaurant(t, { paymeTestMode: true });
    await order(t, s);
    const payme = await pendingPayment(t, s, 'payme');
    expect(payme.redirect_url.startsWith('https://test.paycom.uz/')).toBe(true);
    const click = new URL((await pendingPayment(t, s, 'click', 1000)).redirect_url);
    expect(`${click.origin}${click.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(Object.fromEntries(click.searchParams)).toMatchObject({
      service_id: CLICK.service_id,
      merchant_id: CLICK.merchant_id,
      merchant_user_id: CLICK.merchant_user_id,
      amount: '26000.00',
    });
  });

  it('answers the same payment for the same key, and 422 for the same key with another choice', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const body = { table_id: s.table.token, provider: 'click', tip: 0 };
    const first = await postPayment(t, s.restaurant.slug, body, { key: 'k-1', device: 'device-aaaa' });
    const again = await postPayment(t, s.restaurant.slug, body, { key: 'k-1', device: 'device-aaaa' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data._id).toBe(first.json().data._id);
    const other = await postPayment(t, s.restaurant.slug, { ...body, tip: 100 }, { key: 'k-1', device: 'device-aaaa' });
    expect(other.statusCode).toBe(422);
    expect(await t.db.select().from(payments).where(eq(payments.restaurant_id, s.restaurant._id))).toHaveLength(1);
  });

  it('pays one order alone, and refuses what cannot be paid', async () => {
    const s = await payingRestaurant(t);
    const slug = s.restaurant.slug;
    const table_id = s.table.token;
    expect((await postPayment(t, slug, { table_id, provider: 'payme' })).statusCode).toBe(409);
    const a = await order(t, s, 2);
    await order(t, s, 1);
    const alone = await postPayment(t, slug, { table_id, provider: 'payme', order_id: a._id });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().data).toMatchObject({ amount: 50000, order_ids: [a._id] });
    expect((await postPayment(t, slug, { table_id, provider: 'payme', tip: 75001 })).statusCode).toBe(400);
    expect(
      (await postPayment(t, slug, { table_id, provider: 'payme', order_id: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(409);
    await putPaymentSettings(t, s.restaurant._id, { click: { enabled: false } });
    const off = await postPayment(t, slug, { table_id, provider: 'click' });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toContain('Click');
  });

  it('reads a payment of its own restaurant only', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const read = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/payments/${payment._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ _id: payment._id, status: 'pending', amount: 25000 });
    const elsewhere = await payingRestaurant(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/menu/${elsewhere.restaurant.slug}/payments/${payment._id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a payment’s life (domain/payments/settle.ts)', () => {
  // Read inside the unit of work: PGlite has one connection, and the transaction holds it.
  const inWork = (paymentId: string, step: (w: Work, payment: PaymentRecord) => Promise<unknown>) =>
    t.app.work(async (w) => step(w, (await findPayment(w.tx, paymentId))!));

  it('moves only a pending payment: one paid already is neither paid again nor cancelled', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    await inWork(payment._id, async (w, p) => {
      await holdPayment(w, p);
      await completePayment(w, p);
    });
    expect(await inWork(payment._id, completePayment)).toBeUndefined();
    expect(await inWork(payment._id, cancelPayment)).toBeUndefined();
    const [stored] = await t.db.select().from(orders).where(eq(orders.restaurant_id, s.restaurant._id));
    expect([stored!.payment_status, stored!.payment_id]).toEqual(['paid', payment._id]);
  });

  it('of two payments reaching for one order, the first holds it and the other is refused whole', async () => {
    const s = await payingRestaurant(t);
    const a = await order(t, s);
    await order(t, s);
    const whole = await pendingPayment(t, s, 'payme');
    const one = (
      await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'click', order_id: a._id })
    ).json().data;
    expect(await inWork(one._id, holdPayment)).toBe(true);
    expect(await inWork(whole._id, holdPayment)).toBe(false);
  });

  it('a held payment paid marks its orders paid and tells the staff; cancelled before, it frees them', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    const a = await order(t, s);
    const b = await order(t, s, 2);
    const pay = (orderId: string) =>
      postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme', order_id: orderId }).then(
        (res) => res.json().data as { _id: string },
      );
    const statuses = async () =>
      (await getBill(t, s.restaurant.slug, s.table.token))
        .json()
        .data.orders.map((o: { payment_status: string }) => o.payment_status);
    const payment = await pay(a._id);
    expect(await inWork(payment._id, holdPayment)).toBe(true);
    expect(await statuses()).toEqual(['pending', 'unpaid']);
    await inWork(payment._id, cancelPayment);
    expect(await statuses()).toEqual(['unpaid', 'unpaid']);

    const again = await pay(a._id);
    await inWork(again._id, async (w, p) => {
      await holdPayment(w, p);
      await completePayment(w, p);
    });
    // Paid in part: the bill keeps the paid order beside the unpaid one until the table is settled.
    const bill = (await getBill(t, s.restaurant.slug, s.table.token)).json().data;
    expect(bill).toMatchObject({ total: 82500, paid: 27500, unpaid: 55000 });
    expect(bill.orders.map((o: { _id: string; payment_status: string }) => [o._id, o.payment_status])).toEqual([
      [a._id, 'paid'],
      [b._id, 'unpaid'],
    ]);
    const events = await t.db
      .select()
      .from(staffEvents)
      .where(eq(staffEvents.restaurant_id, s.restaurant._id))
      .orderBy(asc(staffEvents.id));
    const ofA = events.filter((e) => (e.data as { _id: string })._id === a._id);
    expect(ofA.map((e) => [e.type, (e.data as { payment_status: string }).payment_status])).toEqual([
      ['order.created', 'unpaid'],
      ['order.updated', 'pending'],
      ['order.updated', 'unpaid'],
      ['order.updated', 'pending'],
      ['order.updated', 'paid'],
    ]);
    // The staff see which payment holds or paid it: nothing while unpaid, its method and amount, then when it was paid.
    const paidAgain = (await findPayment(t.db, again._id))!;
    expect(ofA.map((e) => (e.data as { payment: unknown }).payment)).toEqual([
      null,
      { provider: 'payme', amount: 27500, tip: 0, paid_at: null },
      null,
      { provider: 'payme', amount: 27500, tip: 0, paid_at: null },
      { provider: 'payme', amount: 27500, tip: 0, paid_at: paidAgain.paid_at },
    ]);
    expect(paidAgain.paid_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await findPayment(t.db, again._id))!.status).toBe('paid');
    expect((await findPayment(t.db, payment._id))!.status).toBe('cancelled');
  });

  it('a settled table has no bill: the next order starts a new one', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    await inWork(payment._id, async (w, p) => {
      await holdPayment(w, p);
      await completePayment(w, p);
    });
    expect((await getBill(t, s.restaurant.slug, s.table.token)).json().data).toMatchObject({ orders: [], total: 0 });
    const next = await order(t, s);
    const bill = (await getBill(t, s.restaurant.slug, s.table.token)).json().data;
    expect(bill.orders.map((o: { _id: string }) => o._id)).toEqual([next._id]);
  });
});

describe('POST /manager/tables/{id}/cash', () => {
  it('pays every unpaid order of the table in cash, once', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await order(t, s, 2);
    const cash = await t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().data).toMatchObject({ provider: 'cash', amount: 55000, status: 'paid', redirect_url: null });
    expect((await getBill(t, s.restaurant.slug, s.table.token)).json().data).toMatchObject({ orders: [] });
    const twice = await t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` });
    expect(twice.statusCode).toBe(409);
    const [stored] = await t.db.select().from(payments).where(eq(payments._id, cash.json().data._id));
    expect(stored!.taken_by).toBe(t.owner.login);
    const staff = (await t.call('owner', { url: `/manager/orders?restaurant_id=${s.restaurant._id}` })).json().data;
    expect(staff.map((o: { payment_status: string; payment: unknown }) => [o.payment_status, o.payment])).toEqual([
      ['paid', { provider: 'cash', amount: 55000, tip: 0, paid_at: stored!.paid_at }],
    ]);
  });

  it('is refused to another manager, and while a provider holds the bill', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    expect((await t.call('other', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` })).statusCode).toBe(
      404,
    );
    const payment = await pendingPayment(t, s, 'payme');
    await t.app.work(async (w) => holdPayment(w, (await findPayment(w.tx, payment._id))!));
    expect((await t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` })).statusCode).toBe(
      409,
    );
  });
});
