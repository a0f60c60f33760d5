import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orders, paymentTransactions, staffEvents } from '../../server/db/schema';
import { holdPayment } from '../../server/domain/payments/settle';
import { findPayment } from '../../server/repositories/payments';
import { setupTenants } from '../support/tenants';
import { completeAnswer, completeFields, postClick, prepareAnswer, prepareFields, signed } from './click-fixtures';
import { getBill, order, payingRestaurant, pendingPayment, postPayment } from './payments-fixtures';

const t = setupTenants();

function answered(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  return res.json();
}

const readPayment = (slug: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/menu/${slug}/payments/${id}` }).then((res) => res.json().data);

const transactionsOf = (paymentId: string) =>
  t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.payment_id, paymentId))
    .orderBy(asc(paymentTransactions.id));

const billStatuses = async (slug: string, token: string) =>
  (await getBill(t, slug, token)).json().data.orders.map((o: { payment_status: string }) => o.payment_status);

describe('Prepare holds the bill once', () => {
  it('answers a repeated Prepare (same click_trans_id) the same, with one transaction', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click', 2500);
    expect(payment.amount).toBe(30000);
    const fields = prepareFields(payment._id, '30000.00');
    const first = answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(fields)));
    const again = answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(fields)));
    expect(first).toEqual(prepareAnswer(fields, 0, 'Success', expect.any(Number)));
    expect(again).toEqual(first);
    expect(await transactionsOf(payment._id)).toHaveLength(1);
    // Told to the staff once: one order.updated (pending), not two.
    const events = await t.db.select().from(staffEvents).where(eq(staffEvents.restaurant_id, s.restaurant._id));
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.updated']);
  });

  it('refuses a second Click transaction on a payment while the first waits for its Complete (-9)', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const first = prepareFields(payment._id, '25000.00');
    const prepareId = answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(first))).merchant_prepare_id;
    const second = prepareFields(payment._id, '25000.00');
    expect(answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(second)))).toEqual(
      prepareAnswer(second, -9, 'Transaction cancelled'),
    );
    expect(await transactionsOf(payment._id)).toHaveLength(1);
    // The first still completes.
    const done = completeFields(first, prepareId);
    expect(answered(await postClick(t.app, s.restaurant._id, 'complete', signed(done))).error).toBe(0);
  });

  it('answers a paid payment -4 and a cancelled one -9; Click’s own failure on Prepare -9, holding nothing', async () => {
    const s = await payingRestaurant(t);
    const rid = s.restaurant._id;
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');

    const failed = prepareFields(payment._id, '25000.00', { error: '-5017', error_note: 'Card blocked' });
    expect(answered(await postClick(t.app, rid, 'prepare', signed(failed)))).toEqual(
      prepareAnswer(failed, -9, 'Transaction cancelled'),
    );
    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['unpaid']);

    const prepared = prepareFields(payment._id, '25000.00');
    const prepareId = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    await postClick(t.app, rid, 'complete', signed(completeFields(prepared, prepareId)));
    const late = prepareFields(payment._id, '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(late)))).toEqual(
      prepareAnswer(late, -4, 'Already paid'),
    );
    // Its own Prepare repeated after the Complete: paid.
    expect(answered(await postClick(t.app, rid, 'prepare', signed(prepared))).error).toBe(-4);

    await order(t, s);
    const other = await pendingPayment(t, s, 'click');
    const otherPrepared = prepareFields(other._id, '25000.00');
    const otherId = answered(await postClick(t.app, rid, 'prepare', signed(otherPrepared))).merchant_prepare_id;
    const cancel = completeFields(otherPrepared, otherId, { error: '-1' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(cancel))).error).toBe(-9);
    const retry = prepareFields(other._id, '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(retry)))).toEqual(
      prepareAnswer(retry, -9, 'Transaction cancelled'),
    );
    expect(answered(await postClick(t.app, rid, 'prepare', signed(otherPrepared))).error).toBe(-9);
  });
});

describe('two payments over one bill', () => {
  it('a Click payment whose orders a Payme transaction holds is refused (-9) and changes nothing', async () => {
    const s = await payingRestaurant(t);
    const slug = s.restaurant.slug;
    await order(t, s);
    const click = await pendingPayment(t, s, 'click');
    const payme = await pendingPayment(t, s, 'payme');
    // Payme's CreateTransaction came first: its unit of work holds the bill.
    expect(await t.app.work(async (w) => holdPayment(w, (await findPayment(w.tx, payme._id))!))).toBe(true);

    const fields = prepareFields(click._id, '25000.00');
    expect(answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(fields)))).toEqual(
      prepareAnswer(fields, -9, 'Transaction cancelled'),
    );
    expect(await transactionsOf(click._id)).toEqual([]);
    // The diner sees the bill being paid (by Payme) and the Click payment still pending, not cancelled.
    const bill = (await getBill(t, slug, s.table.token)).json().data;
    expect(bill).toMatchObject({ total: 25000, paid: 0, unpaid: 25000 });
    expect(bill.orders[0]).toMatchObject({ payment_status: 'pending' });
    expect(await readPayment(slug, click._id)).toMatchObject({ status: 'pending', paid_at: null });
    const [held] = await t.db.select().from(orders).where(eq(orders._id, bill.orders[0]._id));
    expect(held!.payment_id).toBe(payme._id);
  });

  it('of a whole-bill payment and a one-order payment, the one Click prepares first wins', async () => {
    const s = await payingRestaurant(t);
    const a = await order(t, s);
    await order(t, s, 2);
    const whole = await pendingPayment(t, s, 'click');
    const res = await postPayment(t, s.restaurant.slug, {
      table_id: s.table.token,
      provider: 'click',
      order_id: a._id,
    });
    const one = res.json().data;
    const oneFields = prepareFields(one._id, '25000.00');
    expect(answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(oneFields))).error).toBe(0);
    const wholeFields = prepareFields(whole._id, '75000.00');
    expect(answered(await postClick(t.app, s.restaurant._id, 'prepare', signed(wholeFields))).error).toBe(-9);
    // Refused whole: the order the one-order payment did not hold stays unpaid.
    expect(await billStatuses(s.restaurant.slug, s.table.token)).toEqual(['pending', 'unpaid']);
  });
});

describe('what the diner and the staff see', () => {
  it('pending while Click holds the bill, paid after its Complete, live on the staff’s screens', async () => {
    const s = await payingRestaurant(t, { servicePercent: 10 });
    const slug = s.restaurant.slug;
    const placed = await order(t, s, 2);
    const payment = await pendingPayment(t, s, 'click', 5000);
    expect(payment.amount).toBe(60000);

    const prepared = prepareFields(payment._id, '60000.00');
    const prepareId = answered(
      await postClick(t.app, s.restaurant._id, 'prepare', signed(prepared)),
    ).merchant_prepare_id;
    expect(await billStatuses(slug, s.table.token)).toEqual(['pending']);
    expect(await readPayment(slug, payment._id)).toMatchObject({ status: 'pending', amount: 60000, tip: 5000 });

    const done = completeFields(prepared, prepareId);
    expect(answered(await postClick(t.app, s.restaurant._id, 'complete', signed(done)))).toEqual(
      completeAnswer(done, 0, 'Success', prepareId),
    );
    expect(await readPayment(slug, payment._id)).toMatchObject({
      _id: payment._id,
      provider: 'click',
      status: 'paid',
      amount: 60000,
      tip: 5000,
      paid_at: expect.any(String),
      redirect_url: null,
    });
    expect((await getBill(t, slug, s.table.token)).json().data).toMatchObject({ orders: [], unpaid: 0 });

    const staff = await t.call('owner', { method: 'GET', url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
    expect(staff.json().data.find((o: { _id: string }) => o._id === placed._id)).toMatchObject({
      payment_status: 'paid',
    });
    const events = await t.db
      .select()
      .from(staffEvents)
      .where(eq(staffEvents.restaurant_id, s.restaurant._id))
      .orderBy(asc(staffEvents.id));
    expect(events.map((e) => [e.type, (e.data as { payment_status: string }).payment_status])).toEqual([
      ['order.created', 'unpaid'],
      ['order.updated', 'pending'],
      ['order.updated', 'paid'],
    ]);
  });

  it('unpaid again, and payable anew, after Click cancels', async () => {
    const s = await payingRestaurant(t);
    const slug = s.restaurant.slug;
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const prepared = prepareFields(payment._id, '25000.00');
    const prepareId = answered(
      await postClick(t.app, s.restaurant._id, 'prepare', signed(prepared)),
    ).merchant_prepare_id;
    const cancel = completeFields(prepared, prepareId, { error: '-5017', error_note: 'Insufficient funds' });
    expect(answered(await postClick(t.app, s.restaurant._id, 'complete', signed(cancel)))).toEqual(
      completeAnswer(cancel, -9, 'Transaction cancelled'),
    );
    expect(await readPayment(slug, payment._id)).toMatchObject({ status: 'cancelled' });
    expect(await billStatuses(slug, s.table.token)).toEqual(['unpaid']);
    const anew = await pendingPayment(t, s, 'click');
    expect(anew._id).not.toBe(payment._id);
  });
});
