import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../server/db/schema';
import { createOption, createRow } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { line, postOrder } from './orders-fixtures';
import { payme, paymeError, paymeId, storedTransactions } from './payme-fixtures';
import { getBill, order, payingRestaurant, pendingPayment, postPayment } from './payments-fixtures';

/** CheckPerformTransaction and CreateTransaction as Payme calls them, and what the diner and the staff see. */

const t = setupTenants();

const IKPU = '10202001001000000';

const account = (paymentId: string) => ({ order_id: paymentId });

async function billStatuses(slug: string, tableToken: string) {
  const bill = (await getBill(t, slug, tableToken)).json().data;
  return bill.orders.map((o: { payment_status: string }) => o.payment_status);
}

const paymentStatus = async (slug: string, paymentId: string) =>
  (await t.app.inject({ url: `/menu/${slug}/payments/${paymentId}` })).json().data.status;

describe('CheckPerformTransaction', () => {
  it('allows the payment with its fiscal receipt: a line per order line, the service charge and the tip', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await t.db.update(products).set({ ikpu: IKPU, package_code: '1500403' }).where(eq(products._id, s.product._id));
    const option = await createOption(t.db, s.product._id, { name: 'Hajmi' });
    const big = await createRow(t.db, option._id, { name: 'Katta', price: 5000 });
    await order(t, s, 2);
    const withRow = await postOrder(t, s.restaurant.slug, {
      table_id: s.table.token,
      items: [{ ...line(s.product._id), quantity: 3, row_ids: [big._id] }],
    });
    expect(withRow.statusCode).toBe(201);
    // Codes as they are when Payme asks: a product changed since still prints its current IKPU.
    await t.db.update(products).set({ package_code: null }).where(eq(products._id, s.product._id));
    const payment = await pendingPayment(t, s, 'payme', 7000);
    // 2 × 25 000 + 3 × 30 000 = 140 000; 10 %: 14 000; tip 7 000.
    expect(payment.amount).toBe(161_000);

    const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 16_100_000,
      account: account(payment._id),
    });
    expect(answer.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          { title: s.product.name, price: 2_500_000, count: 2, code: IKPU, vat_percent: 12 },
          { title: `${s.product.name} (Katta)`, price: 3_000_000, count: 3, code: IKPU, vat_percent: 12 },
          { title: 'Xizmat haqi', price: 1_400_000, count: 1, vat_percent: 12 },
          { title: 'Choy puli', price: 700_000, count: 1, vat_percent: 12 },
        ],
      },
    });
    // Nothing is held by a check.
    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['unpaid', 'unpaid']);
  });

  it('leaves out codes that are not set, and the service charge and tip when there are none', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: account(payment._id),
    });
    expect(answer.result).toEqual({
      allow: true,
      detail: { receipt_type: 0, items: [{ title: s.product.name, price: 2_500_000, count: 1, vat_percent: 12 }] },
    });
    // The id in capitals, or inside an array (JSON allows both): the first names the payment, the second nothing.
    const upper = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: { order_id: payment._id.toUpperCase() },
    });
    expect(upper.result?.allow).toBe(true);
    const listed = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: { order_id: [payment._id] },
    });
    expect(listed.error).toEqual(paymeError(-31050, 'order_id'));
  });

  it('leaves the receipt out rather than send one that does not add up to the amount', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    // Should the payment's amount and its orders' lines ever differ, Payme's fiscal side would refuse the receipt.
    await t.db.update(payments).set({ amount: 25_001 }).where(eq(payments._id, payment._id));
    const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_100,
      account: account(payment._id),
    });
    expect(answer.result).toEqual({ allow: true });
  });

  it('refuses another amount with -31001, even by one tiyin', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    for (const amount of [2_499_999, 2_500_001, 25_000, 2_500_000.5]) {
      const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
        amount,
        account: account(payment._id),
      });
      expect(answer.error, String(amount)).toEqual(paymeError(-31001));
    }
  });

  it('refuses an account that names no Payme payment of this restaurant with -31050 on "order_id"', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const click = await pendingPayment(t, s, 'click');
    const elsewhere = await payingRestaurant(t);
    await order(t, elsewhere);
    const foreign = await pendingPayment(t, elsewhere, 'payme');
    for (const named of [
      {},
      { order_id: 'not-a-uuid' },
      { order_id: 197 },
      { order_id: randomUUID() },
      { order_id: foreign._id },
      { order_id: click._id },
      { id: foreign._id },
    ]) {
      const answer = await payme(t, s.restaurant._id, 'CheckPerformTransaction', { amount: 2_500_000, account: named });
      expect(answer.error, JSON.stringify(named)).toEqual(paymeError(-31050, 'order_id'));
    }
    const unknown = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: { order_id: randomUUID() },
    });
    expect(unknown.error).toEqual({
      code: -31050,
      message: { ru: 'Заказ не найден', uz: 'Buyurtma topilmadi', en: 'Order not found' },
      data: 'order_id',
    });
  });

  it('refuses a payment whose bill another payment holds, or whose order was cancelled, with -31008', async () => {
    const s = await payingRestaurant(t);
    const a = await order(t, s);
    const whole = await pendingPayment(t, s, 'payme');
    const alone = (
      await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme', order_id: a._id })
    ).json().data;
    const created = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time: Date.now(),
      amount: 2_500_000,
      account: account(alone._id),
    });
    expect(created.result).toMatchObject({ state: 1 });
    const check = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: account(whole._id),
    });
    expect(check.error).toEqual(paymeError(-31008));

    const t2 = await payingRestaurant(t);
    const cancelled = await order(t, t2);
    const payment = await pendingPayment(t, t2, 'payme');
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders._id, cancelled._id));
    const refused = await payme(t, t2.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: account(payment._id),
    });
    expect(refused.error).toEqual(paymeError(-31008));
  });
});

describe('CreateTransaction', () => {
  it('opens a transaction that holds the bill, and answers a repeat with the stored result', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const id = paymeId();
    const time = Date.now() - 5000;
    const params = { id, time, amount: 2_500_000, account: account(payment._id) };
    const before = Date.now();
    const first = await payme(t, s.restaurant._id, 'CreateTransaction', params);
    const [stored] = await storedTransactions(t, payment._id);
    expect(first.result).toEqual({
      create_time: stored!.create_time,
      transaction: String(stored!.id),
      state: 1,
      receivers: null,
    });
    expect(stored!.create_time).toBeGreaterThanOrEqual(before);
    expect(stored).toMatchObject({
      provider_id: id,
      provider_time: time,
      amount_tiyin: 2_500_000,
      state: 1,
      reason: null,
    });

    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['pending']);
    expect(await paymentStatus(s.restaurant.slug, payment._id)).toBe('pending');

    const again = await payme(t, s.restaurant._id, 'CreateTransaction', params);
    expect(again.result).toEqual(first.result);
    expect(await storedTransactions(t, payment._id)).toHaveLength(1);
  });

  it('validates as CheckPerformTransaction does: amount -31001, account -31050, and opens nothing', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const wrong = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time: Date.now(),
      amount: 2_000_000,
      account: account(payment._id),
    });
    expect(wrong.error).toEqual(paymeError(-31001));
    const unknown = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time: Date.now(),
      amount: 2_500_000,
      account: account(randomUUID()),
    });
    expect(unknown.error).toEqual(paymeError(-31050, 'order_id'));
    expect(await storedTransactions(t, payment._id)).toEqual([]);
    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['unpaid']);
  });

  it('refuses a second transaction for one payment (one-time account) with -31008', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const params = { time: Date.now(), amount: 2_500_000, account: account(payment._id) };
    const first = await payme(t, s.restaurant._id, 'CreateTransaction', { ...params, id: paymeId() });
    expect(first.result).toMatchObject({ state: 1 });
    const second = await payme(t, s.restaurant._id, 'CreateTransaction', { ...params, id: paymeId() });
    expect(second.error).toEqual(paymeError(-31008));
    const check = await payme(t, s.restaurant._id, 'CheckPerformTransaction', {
      amount: 2_500_000,
      account: account(payment._id),
    });
    expect(check.error).toEqual(paymeError(-31008));
    expect(await storedTransactions(t, payment._id)).toHaveLength(1);
  });

  it('refuses a payment whose bill another payment holds with -31008, keeping nothing', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    await order(t, s);
    const first = await pendingPayment(t, s, 'payme');
    const second = await pendingPayment(t, s, 'payme');
    const time = Date.now();
    const won = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time,
      amount: 5_000_000,
      account: account(first._id),
    });
    expect(won.result).toMatchObject({ state: 1 });
    const lost = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time,
      amount: 5_000_000,
      account: account(second._id),
    });
    expect(lost.error).toEqual(paymeError(-31008));
    // The winner's Payme id sent again naming the other payment: not a repeat of the first, and it opens nothing.
    const crossed = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: (await storedTransactions(t, first._id))[0]!.provider_id,
      time,
      amount: 5_000_000,
      account: account(second._id),
    });
    expect(crossed.error).toEqual(paymeError(-31008));
    expect(await storedTransactions(t, second._id)).toEqual([]);
    const held = await t.db.select().from(orders).where(eq(orders.restaurant_id, s.restaurant._id));
    expect(held.map((o) => [o.payment_status, o.payment_id])).toEqual([
      ['pending', first._id],
      ['pending', first._id],
    ]);
    expect(await paymentStatus(s.restaurant.slug, second._id)).toBe('pending');
  });

  it('opens nothing for a `time` more than 12 hours old (-31008)', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'payme');
    const stale = await payme(t, s.restaurant._id, 'CreateTransaction', {
      id: paymeId(),
      time: Date.now() - 43_200_000 - 1000,
      amount: 2_500_000,
      account: account(payment._id),
    });
    expect(stale.error).toEqual(paymeError(-31008));
    expect(await storedTransactions(t, payment._id)).toEqual([]);
    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['unpaid']);
  });
});
