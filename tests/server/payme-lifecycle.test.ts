import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { payme, paymeError, paymeId, recordedCalls, storedTransactions } from './payme-fixtures';
import { getBill, order, payingRestaurant, pendingPayment } from './payments-fixtures';

/**
 * A Payme transaction's life as Payme drives it (Perform, Cancel, Check, GetStatement, SetFiscalData, the 12-hour
 * timeout), every repeat answered the same, and what the diner (the bill, the payment) and the staff (their orders
 * list) see of it.
 */

const t = setupTenants();

const TWELVE_HOURS = 43_200_000;

/** A restaurant with one order of 25 000 so'm and a Payme payment of it. */
async function paying() {
  const s = await payingRestaurant(t);
  const placed = await order(t, s);
  const payment = await pendingPayment(t, s, 'payme');
  const call = (method: string, params: object) => payme(t, s.restaurant._id, method, params);
  const create = (id = paymeId(), time = Date.now()) =>
    call('CreateTransaction', { id, time, amount: 2_500_000, account: { order_id: payment._id } });
  return { ...s, order: placed, payment, call, create };
}

type Paying = Awaited<ReturnType<typeof paying>>;

const bill = async (s: Paying) => (await getBill(t, s.restaurant.slug, s.table.token)).json().data;
const paymentStatus = async (s: Paying) =>
  (await t.app.inject({ url: `/menu/${s.restaurant.slug}/payments/${s.payment._id}` })).json().data.status;
/** The order's payment state as the staff's orders screen gets it. */
async function staffPaymentStatus(s: Paying) {
  const res = await t.call('owner', { url: `/manager/orders?restaurant_id=${s.restaurant._id}` });
  return res.json().data.find((o: { _id: string }) => o._id === s.order._id).payment_status;
}

describe('create → perform → cancel (a refund)', () => {
  it('pays the bill, then refunds it; each step repeated answers the same, with the same times', async () => {
    const s = await paying();
    const id = paymeId();
    const created = (await s.create(id)).result!;

    const performed = await s.call('PerformTransaction', { id });
    const [stored] = await storedTransactions(t, s.payment._id);
    expect(performed.result).toEqual({
      transaction: created.transaction,
      perform_time: stored!.perform_time,
      state: 2,
    });
    expect(stored!.perform_time).toBeGreaterThanOrEqual(created.create_time as number);
    expect((await s.call('PerformTransaction', { id })).result).toEqual(performed.result);

    // The diner's page says "paid"; the table is settled (no bill left); the staff see it paid.
    expect(await paymentStatus(s)).toBe('paid');
    expect(await bill(s)).toMatchObject({ orders: [], total: 0, unpaid: 0 });
    expect(await staffPaymentStatus(s)).toBe('paid');
    expect((await s.call('CheckTransaction', { id })).result).toEqual({
      create_time: created.create_time,
      perform_time: stored!.perform_time,
      cancel_time: 0,
      transaction: created.transaction,
      state: 2,
      reason: null,
    });
    // Paid: the same id again, or the account again, is impossible.
    expect((await s.create(id)).error).toEqual(paymeError(-31008));
    expect(
      (await s.call('CheckPerformTransaction', { amount: 2_500_000, account: { order_id: s.payment._id } })).error,
    ).toEqual(paymeError(-31008));

    const cancelled = await s.call('CancelTransaction', { id, reason: 5 });
    const [refunded] = await storedTransactions(t, s.payment._id);
    expect(cancelled.result).toEqual({
      transaction: created.transaction,
      cancel_time: refunded!.cancel_time,
      state: -2,
    });
    expect(refunded).toMatchObject({ state: -2, reason: 5 });
    expect((await s.call('CancelTransaction', { id, reason: 5 })).result).toEqual(cancelled.result);
    expect(await paymentStatus(s)).toBe('refunded');
    expect(await staffPaymentStatus(s)).toBe('refunded');
    expect((await s.call('CheckTransaction', { id })).result).toEqual({
      create_time: created.create_time,
      perform_time: stored!.perform_time,
      cancel_time: refunded!.cancel_time,
      transaction: created.transaction,
      state: -2,
      reason: 5,
    });
    expect((await s.call('PerformTransaction', { id })).error).toEqual(paymeError(-31008));
  });

  it('refuses the refund with -31007 once an order of the payment was served, and changes nothing', async () => {
    const s = await paying();
    const id = paymeId();
    await s.create(id);
    await s.call('PerformTransaction', { id });
    for (const status of ['accepted', 'served']) {
      const moved = await t.call('owner', {
        method: 'PUT',
        url: `/manager/orders/${s.order._id}`,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    const refused = await s.call('CancelTransaction', { id, reason: 5 });
    expect(refused.error).toEqual(paymeError(-31007));
    expect((await s.call('CheckTransaction', { id })).result).toMatchObject({ state: 2, cancel_time: 0, reason: null });
    expect(await paymentStatus(s)).toBe('paid');
  });
});

describe('create → cancel', () => {
  it('cancels before perform: the bill is unpaid again and a new payment can pay it', async () => {
    const s = await paying();
    const id = paymeId();
    const created = (await s.create(id)).result!;
    expect((await bill(s)).orders.map((o: { payment_status: string }) => o.payment_status)).toEqual(['pending']);
    expect(await staffPaymentStatus(s)).toBe('pending');

    const cancelled = await s.call('CancelTransaction', { id, reason: 3 });
    const [stored] = await storedTransactions(t, s.payment._id);
    expect(cancelled.result).toEqual({ transaction: created.transaction, cancel_time: stored!.cancel_time, state: -1 });
    expect((await s.call('CancelTransaction', { id, reason: 3 })).result).toEqual(cancelled.result);
    expect((await s.call('CheckTransaction', { id })).result).toEqual({
      create_time: created.create_time,
      perform_time: 0,
      cancel_time: stored!.cancel_time,
      transaction: created.transaction,
      state: -1,
      reason: 3,
    });
    expect(await paymentStatus(s)).toBe('cancelled');
    expect(await bill(s)).toMatchObject({ total: 25000, unpaid: 25000 });
    expect((await bill(s)).orders.map((o: { payment_status: string }) => o.payment_status)).toEqual(['unpaid']);
    expect(await staffPaymentStatus(s)).toBe('unpaid');

    // Cancelled is final for the transaction and its payment.
    expect((await s.call('PerformTransaction', { id })).error).toEqual(paymeError(-31008));
    expect((await s.create(id)).error).toEqual(paymeError(-31008));
    const again = await s.call('CheckPerformTransaction', { amount: 2_500_000, account: { order_id: s.payment._id } });
    expect(again.error).toEqual(paymeError(-31052, 'order_id'));

    const next = await pendingPayment(t, s, 'payme');
    const nextId = paymeId();
    const params = { id: nextId, time: Date.now(), amount: 2_500_000, account: { order_id: next._id } };
    expect((await s.call('CreateTransaction', params)).result).toMatchObject({ state: 1 });
    expect((await s.call('PerformTransaction', { id: nextId })).result).toMatchObject({ state: 2 });
    expect(await staffPaymentStatus(s)).toBe('paid');
  });
});

describe('the 12-hour timeout, counted from Payme’s `time`', () => {
  const age = (id: string, ms: number) =>
    t.db
      .update(paymentTransactions)
      .set({ provider_time: Date.now() - ms })
      .where(eq(paymentTransactions.provider_id, id));

  it('cancels a created transaction 12 h + 1 ms old with reason 4 on Perform, and answers -31008', async () => {
    const s = await paying();
    const id = paymeId();
    await s.create(id);
    await age(id, TWELVE_HOURS + 1);
    const late = await s.call('PerformTransaction', { id });
    expect(late.error).toEqual(paymeError(-31008));
    const checked = (await s.call('CheckTransaction', { id })).result!;
    expect(checked).toMatchObject({ state: -1, reason: 4, perform_time: 0 });
    expect(checked.cancel_time).toBeGreaterThan(0);
    expect(await paymentStatus(s)).toBe('cancelled');
    expect((await bill(s)).orders.map((o: { payment_status: string }) => o.payment_status)).toEqual(['unpaid']);
    // Cancelled by the timeout, Payme's own cancel is answered the stored result.
    expect((await s.call('CancelTransaction', { id, reason: 1 })).result).toEqual({
      transaction: checked.transaction,
      cancel_time: checked.cancel_time,
      state: -1,
    });
  });

  it('cancels it on a repeated Create too, and performs one just under 12 h old', async () => {
    const s = await paying();
    const id = paymeId();
    await s.create(id);
    await age(id, TWELVE_HOURS + 1);
    expect((await s.create(id)).error).toEqual(paymeError(-31008));
    expect((await s.call('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });

    const fresh = await paying();
    const freshId = paymeId();
    await fresh.create(freshId);
    await age(freshId, TWELVE_HOURS - 60_000);
    expect((await fresh.call('PerformTransaction', { id: freshId })).result).toMatchObject({ state: 2 });
  });
});

describe('transactions Payme does not know here', () => {
  it('answers -31003 for an unknown id, or another restaurant’s', async () => {
    const s = await paying();
    const elsewhere = await paying();
    const foreign = paymeId();
    expect((await elsewhere.create(foreign)).result).toMatchObject({ state: 1 });
    for (const id of [paymeId(), foreign]) {
      expect((await s.call('PerformTransaction', { id })).error).toEqual(paymeError(-31003));
      expect((await s.call('CancelTransaction', { id, reason: 1 })).error).toEqual(paymeError(-31003));
      expect((await s.call('CheckTransaction', { id })).error).toEqual(paymeError(-31003));
      expect((await s.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: {} })).error).toEqual(
        paymeError(-31003),
      );
    }
    expect((await elsewhere.call('CheckTransaction', { id: foreign })).result).toMatchObject({ state: 1 });
  });
});

describe('GetStatement', () => {
  it('lists the transactions created here whose `time` is within [from, to], by that time', async () => {
    const s = await paying();
    const base = Date.now() - 3_600_000;
    const first = paymeId();
    await s.create(first, base);
    await s.call('PerformTransaction', { id: first });
    await s.call('CancelTransaction', { id: first, reason: 5 });
    // A second payment of a new order at the same table, created with an earlier Payme time.
    await order(t, s);
    const second = await pendingPayment(t, s, 'payme');
    const earlier = paymeId();
    const params = { id: earlier, time: base - 1000, amount: 2_500_000, account: { order_id: second._id } };
    await s.call('CreateTransaction', params);
    // Refused (wrong amount): never created, never listed.
    await s.call('CreateTransaction', { ...params, id: paymeId(), amount: 1 });
    const elsewhere = await paying();
    await elsewhere.create(paymeId(), base);

    const statement = await s.call('GetStatement', { from: base - 1000, to: base });
    const rows = await storedTransactions(t, s.payment._id);
    const [secondRow] = await storedTransactions(t, second._id);
    expect(statement.result).toEqual({
      transactions: [
        {
          id: earlier,
          time: base - 1000,
          amount: 2_500_000,
          account: { order_id: second._id },
          create_time: secondRow!.create_time,
          perform_time: 0,
          cancel_time: 0,
          transaction: String(secondRow!.id),
          state: 1,
          reason: null,
          receivers: null,
        },
        {
          id: first,
          time: base,
          amount: 2_500_000,
          account: { order_id: s.payment._id },
          create_time: rows[0]!.create_time,
          perform_time: rows[0]!.perform_time,
          cancel_time: rows[0]!.cancel_time,
          transaction: String(rows[0]!.id),
          state: -2,
          reason: 5,
          receivers: null,
        },
      ],
    });
    expect((await s.call('GetStatement', { from: base - 1000, to: base - 1 })).result!.transactions).toHaveLength(1);
    expect((await s.call('GetStatement', { from: base + 1, to: base + 10 })).result).toEqual({ transactions: [] });
  });
});

describe('SetFiscalData', () => {
  it('answers success and keeps the receipt in the record of calls', async () => {
    const s = await paying();
    const id = paymeId();
    await s.create(id);
    await s.call('PerformTransaction', { id });
    const fiscal_data = {
      receipt_id: 1713,
      status_code: 0,
      message: 'accepted',
      terminal_id: 'EP000000000001',
      fiscal_sign: '123456789012',
      qr_code_url: 'https://ofd.soliq.uz/check?t=EP000000000001&r=1713&c=20240101120000&s=123456789012',
      date: '20240101120000',
    };
    const answer = await s.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data });
    expect(answer.result).toEqual({ success: true });
    const calls = await recordedCalls(t, s.restaurant._id);
    expect(calls.at(-1)).toMatchObject({ method: 'SetFiscalData', params: { id, type: 'PERFORM', fiscal_data } });
  });
});
