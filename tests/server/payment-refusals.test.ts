import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import { orders, payments } from '../../server/db/schema';
import { completePayment, holdPayment } from '../../server/domain/payments/settle';
import { paymentMessages } from '../../server/messages/payments';
import { findPayment } from '../../server/repositories/payments';
import { createProduct } from '../support/fixtures';
import { setupTenants } from '../support/tenants';
import { line, postOrder } from './orders-fixtures';
import { order, payingRestaurant, postPayment } from './payments-fixtures';

/**
 * Why a diner's payment, or the staff's "Naqd to'landi", is refused, in the words the diner or the staff read: the
 * bill being paid by another payment, nothing left to pay, an order not on the bill, a tip above the bill, a key used
 * for another choice. Nothing is written by a refusal.
 */

const t = setupTenants();

type Paying = Awaited<ReturnType<typeof payingRestaurant>>;

const refusal = (res: { statusCode: number; json(): { message: string } }) => [res.statusCode, res.json().message];

/** A provider's transaction holds the payment's orders (Payme's CreateTransaction or Click's Prepare would). */
async function hold(paymentId: string) {
  await t.app.work(async (w) => expect(await holdPayment(w, (await findPayment(w.tx, paymentId))!)).toBe(true));
}

const storedPayments = async (s: Paying) =>
  t.db.select().from(payments).where(eq(payments.restaurant_id, s.restaurant._id));

describe('a diner’s payment refused', () => {
  it('names the bill being paid, an order not on it, and a table with nothing to pay', async () => {
    const s = await payingRestaurant(t);
    const pay = (body: object = {}) =>
      postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme', ...body });
    expect(refusal(await pay())).toEqual([409, paymentMessages.nothingToPay]);

    const a = await order(t, s);
    const alone = await pay({ order_id: a._id });
    expect(alone.statusCode).toBe(201);
    await hold(alone.json().data._id);
    // Held by a provider's transaction: "being paid", whether the whole bill or that order is asked for.
    expect(refusal(await pay())).toEqual([409, paymentMessages.billInProgress]);
    expect(refusal(await pay({ order_id: a._id }))).toEqual([409, paymentMessages.billInProgress]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(refusal(await pay({ order_id: unknown }))).toEqual([409, paymentMessages.orderNotOnBill]);

    // Another order, unpaid beside the held one: the bill pays it, and the held one is not named.
    const b = await order(t, s, 2);
    const rest = await pay();
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ order_ids: [b._id], amount: 50000 });

    await t.app.work(async (w) => completePayment(w, (await findPayment(w.tx, alone.json().data._id))!));
    expect(refusal(await pay({ order_id: a._id }))).toEqual([409, paymentMessages.orderNotOnBill]);
    expect(await storedPayments(s)).toHaveLength(2);
  });

  it('takes a tip up to the bill itself, and names the most it can be', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const pay = (tip: number) => postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'click', tip });
    expect(refusal(await pay(25_001))).toEqual([400, paymentMessages.tipTooLarge(formatPrice(25_000))]);
    const most = await pay(25_000);
    expect(most.statusCode).toBe(201);
    expect(most.json().data).toMatchObject({ tip: 25_000, amount: 50_000 });
  });

  it('has nothing to charge for free dishes alone', async () => {
    const s = await payingRestaurant(t);
    const water = await createProduct(t.db, s.category._id, { name: 'Suv', price: 0 });
    const placed = await postOrder(t, s.restaurant.slug, { table_id: s.table.token, items: [line(water._id)] });
    expect(placed.statusCode).toBe(201);
    const res = await postPayment(t, s.restaurant.slug, { table_id: s.table.token, provider: 'payme' });
    expect(refusal(res)).toEqual([409, paymentMessages.nothingToPay]);
    expect(await storedPayments(s)).toEqual([]);
  });

  it('answers one order’s payment again for its key, and refuses the key for another order or method', async () => {
    const s = await payingRestaurant(t);
    const a = await order(t, s);
    const b = await order(t, s);
    const send = (body: object) =>
      postPayment(
        t,
        s.restaurant.slug,
        { table_id: s.table.token, tip: 0, ...body },
        { key: 'k-one', device: 'device-bbbb' },
      );
    const first = await send({ provider: 'payme', order_id: a._id });
    expect(first.statusCode).toBe(201);
    const again = await send({ provider: 'payme', order_id: a._id });
    expect([again.statusCode, again.json().data._id]).toEqual([200, first.json().data._id]);
    expect(refusal(await send({ provider: 'payme', order_id: b._id }))).toEqual([
      422,
      paymentMessages.paymentKeyReused,
    ]);
    expect(refusal(await send({ provider: 'click', order_id: a._id }))).toEqual([
      422,
      paymentMessages.paymentKeyReused,
    ]);
    expect(await storedPayments(s)).toHaveLength(1);
  });
});

describe('"Naqd to\'landi" refused', () => {
  it('while a provider holds part of the bill, leaving the rest unpaid; then with nothing to pay', async () => {
    const s = await payingRestaurant(t);
    const a = await order(t, s);
    await order(t, s);
    const alone = await postPayment(t, s.restaurant.slug, {
      table_id: s.table.token,
      provider: 'payme',
      order_id: a._id,
    });
    await hold(alone.json().data._id);
    const cash = () => t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` });
    expect(refusal(await cash())).toEqual([409, paymentMessages.billInProgress]);
    const states = await t.db.select().from(orders).where(eq(orders.restaurant_id, s.restaurant._id));
    expect(states.map((o) => o.payment_status).sort()).toEqual(['pending', 'unpaid']);

    const empty = await payingRestaurant(t);
    const none = await t.call('owner', { method: 'POST', url: `/manager/tables/${empty.table._id}/cash` });
    expect(refusal(none)).toEqual([409, paymentMessages.cashNothingToPay]);
  });
});
