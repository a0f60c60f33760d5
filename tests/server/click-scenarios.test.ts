import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paymentCalls, paymentTransactions } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import { completeAnswer, completeFields, postClick, prepareAnswer, prepareFields, signed } from './click-fixtures';
import { getBill, order, payingRestaurant, pendingPayment } from './payments-fixtures';

const t = setupTenants();

/** Click's answer: always HTTP 200 and JSON. */
function answered(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

const readPayment = (slug: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/menu/${slug}/payments/${id}` }).then((res) => res.json().data);

describe("Click's 15 test scenarios (docs.click.uz Postman suite), in order, as one journey", () => {
  it('answers each exactly as the table expects, and the bill follows', async () => {
    const s = await payingRestaurant(t);
    const rid = s.restaurant._id;
    const slug = s.restaurant.slug;
    await order(t, s);
    const first = await pendingPayment(t, s, 'click');

    // 1. Prepare with a wrong signature.
    const p1 = prepareFields(first._id, '25000.00');
    const one = await postClick(t.app, rid, 'prepare', { ...p1, sign_string: '0'.repeat(32) });
    expect(answered(one)).toEqual(prepareAnswer(p1, -1, 'SIGN CHECK FAILED!'));

    // 2. Prepare of an order that does not exist.
    const p2 = prepareFields(randomUUID(), '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(p2)))).toEqual(
      prepareAnswer(p2, -5, 'User does not exist'),
    );

    // 3. Prepare of the valid unpaid payment: its prepare id is kept.
    const p3 = prepareFields(first._id, '25000.00');
    const three = answered(await postClick(t.app, rid, 'prepare', signed(p3)));
    expect(three).toEqual(prepareAnswer(p3, 0, 'Success', expect.any(Number)));
    const prepareId: number = three.merchant_prepare_id;
    expect((await getBill(t, slug, s.table.token)).json().data.orders[0].payment_status).toBe('pending');

    // 4. Complete with a wrong signature.
    const c4 = completeFields(p3, prepareId);
    const four = await postClick(t.app, rid, 'complete', { ...signed(c4), sign_string: signed(p3).sign_string });
    expect(answered(four)).toEqual(completeAnswer(c4, -1, 'SIGN CHECK FAILED!'));

    // 5. Complete with the amount forced to 300.
    const c5 = completeFields(p3, prepareId, { amount: '300' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(c5)))).toEqual(
      completeAnswer(c5, -2, 'Incorrect parameter amount'),
    );
    expect((await readPayment(slug, first._id)).status).toBe('pending');

    // 6. Complete of #3: paid.
    const c6 = completeFields(p3, prepareId);
    expect(answered(await postClick(t.app, rid, 'complete', signed(c6)))).toEqual(
      completeAnswer(c6, 0, 'Success', prepareId),
    );
    expect(await readPayment(slug, first._id)).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    // Settled: the table has no bill left.
    expect((await getBill(t, slug, s.table.token)).json().data).toMatchObject({ orders: [], unpaid: 0 });

    // 7. The same Complete again.
    expect(answered(await postClick(t.app, rid, 'complete', signed(c6)))).toEqual(
      completeAnswer(c6, -4, 'Already paid'),
    );

    // 8. Click cancelling the confirmed payment (error -5017): -9, and the payment stays paid.
    const c8 = completeFields(p3, prepareId, { error: '-5017', error_note: 'Ошибка' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(c8)))).toEqual(
      completeAnswer(c8, -9, 'Transaction cancelled'),
    );
    expect((await readPayment(slug, first._id)).status).toBe('paid');

    // 9. Prepare of a new payment.
    await order(t, s);
    const second = await pendingPayment(t, s, 'click');
    const p9 = prepareFields(second._id, '25000');
    const nine = answered(await postClick(t.app, rid, 'prepare', signed(p9)));
    expect(nine).toEqual(prepareAnswer(p9, 0, 'Success', expect.any(Number)));
    expect(nine.merchant_prepare_id).not.toBe(prepareId);

    // 10. Complete naming prepare id 999999999.
    const c10 = completeFields(p9, 999999999);
    expect(answered(await postClick(t.app, rid, 'complete', signed(c10)))).toEqual(
      completeAnswer(c10, -6, 'Transaction does not exist'),
    );

    // 11. Complete with the prepare id of #9.
    const c11 = completeFields(p9, nine.merchant_prepare_id);
    expect(answered(await postClick(t.app, rid, 'complete', signed(c11)))).toEqual(
      completeAnswer(c11, 0, 'Success', nine.merchant_prepare_id),
    );

    // 12. Prepare of another new payment.
    await order(t, s);
    const third = await pendingPayment(t, s, 'click');
    const p12 = prepareFields(third._id, '25000.00');
    const twelve = answered(await postClick(t.app, rid, 'prepare', signed(p12)));
    expect(twelve).toEqual(prepareAnswer(p12, 0, 'Success', expect.any(Number)));

    // 13. Click cancels it (error -5017): the payment is cancelled, its order unpaid again.
    const c13 = completeFields(p12, twelve.merchant_prepare_id, { error: '-5017', error_note: 'Insufficient funds' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(c13)))).toEqual(
      completeAnswer(c13, -9, 'Transaction cancelled'),
    );
    expect(await readPayment(slug, third._id)).toMatchObject({ status: 'cancelled', paid_at: null });

    // 14. The same cancel again.
    expect(answered(await postClick(t.app, rid, 'complete', signed(c13)))).toEqual(
      completeAnswer(c13, -9, 'Transaction cancelled'),
    );

    // 15. A successful Complete of the cancelled payment.
    const c15 = completeFields(p12, twelve.merchant_prepare_id);
    expect(answered(await postClick(t.app, rid, 'complete', signed(c15)))).toEqual(
      completeAnswer(c15, -9, 'Transaction cancelled'),
    );

    // The diner's bill: the first two orders settled, the third unpaid again (its payment was cancelled).
    const bill = (await getBill(t, slug, s.table.token)).json().data;
    expect(bill).toMatchObject({ total: 25000, paid: 0, unpaid: 25000 });
    expect(bill.orders.map((o: { payment_status: string }) => o.payment_status)).toEqual(['unpaid']);
    expect(await readPayment(slug, second._id)).toMatchObject({ status: 'paid' });

    // Click's transactions as kept: the first and second completed, the third cancelled, each with Click's ids.
    const transactions = await t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.provider, 'click'))
      .orderBy(asc(paymentTransactions.id));
    const ours = transactions.filter((row) => [first._id, second._id, third._id].includes(row.payment_id));
    expect(ours.map((row) => [row.id, row.provider_id, row.paydoc_id, row.state, row.amount_tiyin])).toEqual([
      [prepareId, p3.click_trans_id, p3.click_paydoc_id, 2, 2500000],
      [nine.merchant_prepare_id, p9.click_trans_id, p9.click_paydoc_id, 2, 2500000],
      [twelve.merchant_prepare_id, p12.click_trans_id, p12.click_paydoc_id, -1, 2500000],
    ]);
    expect(ours[0]!.perform_time).toBeGreaterThan(0);
    expect(ours[2]!.cancel_time).toBeGreaterThan(0);

    // Every call recorded, refused ones too: the form as received and the answer given.
    const calls = await t.db
      .select()
      .from(paymentCalls)
      .where(eq(paymentCalls.restaurant_id, rid))
      .orderBy(asc(paymentCalls.id));
    expect(calls.map((call) => [call.method, (call.answer as { error: number }).error])).toEqual([
      ['prepare', -1],
      ['prepare', -5],
      ['prepare', 0],
      ['complete', -1],
      ['complete', -2],
      ['complete', 0],
      ['complete', -4],
      ['complete', -9],
      ['prepare', 0],
      ['complete', -6],
      ['complete', 0],
      ['prepare', 0],
      ['complete', -9],
      ['complete', -9],
      ['complete', -9],
    ]);
    expect(calls[4]!.params).toEqual(signed(c5));
    expect(calls[5]!.answer).toEqual({
      ...completeAnswer(c6, 0, 'Success', prepareId),
      click_trans_id: c6.click_trans_id,
    });
  });
});
