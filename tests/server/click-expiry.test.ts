import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../server/db/schema';
import { CLICK_HOLD_MS, releaseStaleClickHolds } from '../../server/domain/payments/click-expiry';
import { setupTenants } from '../support/tenants';
import { completeAnswer, completeFields, postClick, prepareFields, signed } from './click-fixtures';
import { getBill, order, payingRestaurant, pendingPayment } from './payments-fixtures';

const t = setupTenants();
const deps = () => ({ db: t.app.db, work: t.app.work });

describe('a Click Prepare whose Complete never comes', () => {
  it('holds the bill for 30 minutes, then frees it: cash or another payment may take it, a late Complete is -9', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const fields = prepareFields(payment._id, '25000.00');
    const prepared = (await postClick(t.app, s.restaurant._id, 'prepare', signed(fields))).json();
    expect(prepared.error).toBe(0);
    const statuses = async () =>
      (await getBill(t, s.restaurant.slug, s.table.token))
        .json()
        .data.orders.map((o: { payment_status: string }) => o.payment_status);

    // Not yet stale: nothing is released.
    expect(await releaseStaleClickHolds(deps(), CLICK_HOLD_MS)).toBe(0);
    expect(await statuses()).toEqual(['pending']);

    await t.db
      .update(paymentTransactions)
      .set({ create_time: Date.now() - CLICK_HOLD_MS - 1 })
      .where(eq(paymentTransactions.payment_id, payment._id));
    expect(await releaseStaleClickHolds(deps(), CLICK_HOLD_MS)).toBe(1);
    expect(await statuses()).toEqual(['unpaid']);
    const read = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/payments/${payment._id}` });
    expect(read.json().data.status).toBe('cancelled');
    expect(await releaseStaleClickHolds(deps(), CLICK_HOLD_MS)).toBe(0);

    const late = signed(completeFields(fields, prepared.merchant_prepare_id));
    const answer = (await postClick(t.app, s.restaurant._id, 'complete', late)).json();
    expect(answer).toEqual(completeAnswer(fields, -9, 'Transaction cancelled'));
    const cash = await t.call('owner', { method: 'POST', url: `/manager/tables/${s.table._id}/cash` });
    expect(cash.statusCode).toBe(201);
  });

  it('releases only the holds past their time, oldest first, and counts each', async () => {
    const fresh = await payingRestaurant(t);
    const stale = await payingRestaurant(t);
    const prepared = [];
    for (const s of [fresh, stale]) {
      await order(t, s);
      const payment = await pendingPayment(t, s, 'click');
      const answer = await postClick(
        t.app,
        s.restaurant._id,
        'prepare',
        signed(prepareFields(payment._id, '25000.00')),
      );
      expect(answer.json().error).toBe(0);
      prepared.push(payment);
    }
    const now = Date.now();
    await t.db
      .update(paymentTransactions)
      .set({ create_time: now - CLICK_HOLD_MS - 1 })
      .where(eq(paymentTransactions.payment_id, prepared[1]!._id));
    // The fresh one was prepared a moment ago: held for its full 30 minutes still.
    expect(await releaseStaleClickHolds(deps(), CLICK_HOLD_MS, now)).toBe(1);
    const status = async (s: typeof fresh, id: string) =>
      (await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/payments/${id}` })).json().data.status;
    expect([await status(fresh, prepared[0]!._id), await status(stale, prepared[1]!._id)]).toEqual([
      'pending',
      'cancelled',
    ]);
  });

  it('leaves paid a stale hold whose Complete took the lock first', async () => {
    const s = await payingRestaurant(t);
    await order(t, s);
    const payment = await pendingPayment(t, s, 'click');
    const fields = prepareFields(payment._id, '25000.00');
    const prepared = (await postClick(t.app, s.restaurant._id, 'prepare', signed(fields))).json();
    await t.db
      .update(paymentTransactions)
      .set({ create_time: Date.now() - CLICK_HOLD_MS - 1 })
      .where(eq(paymentTransactions.payment_id, payment._id));
    // Listed as stale, then Click's Complete is decided before the release's unit of work locks the payment.
    const completeFirst: typeof t.app.work = async (work) => {
      const complete = signed(completeFields(fields, prepared.merchant_prepare_id));
      expect((await postClick(t.app, s.restaurant._id, 'complete', complete)).json().error).toBe(0);
      return t.app.work(work);
    };
    expect(await releaseStaleClickHolds({ db: t.app.db, work: completeFirst }, CLICK_HOLD_MS)).toBe(0);
    const read = await t.app.inject({ method: 'GET', url: `/menu/${s.restaurant.slug}/payments/${payment._id}` });
    expect(read.json().data.status).toBe('paid');
    // Nothing left to pay on the table: the order was not freed again.
    expect((await getBill(t, s.restaurant.slug, s.table.token)).json().data.orders).toEqual([]);
  });

  it('is released by the server’s upkeep, a job of its own', async () => {
    expect(t.app.jobs.names()).toContain('release-click-holds');
  });
});
