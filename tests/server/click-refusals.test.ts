import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paymentCalls, paymentTransactions } from '../../server/db/schema';
import { setupTenants } from '../support/tenants';
import {
  type ClickCallFields,
  completeAnswer,
  completeFields,
  postClick,
  prepareAnswer,
  prepareFields,
  signed,
} from './click-fixtures';
import { orderingRestaurant } from './orders-fixtures';
import { CLICK, order, payingRestaurant, pendingPayment, putPaymentSettings } from './payments-fixtures';

const t = setupTenants();

/** Click's answer: always HTTP 200 and JSON, never Fastify's error shape nor a page. */
function answered(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

/** A restaurant taking Click with one order and a pending Click payment of 25 000 so'm. */
async function clickPayment() {
  const s = await payingRestaurant(t);
  await order(t, s);
  const payment = await pendingPayment(t, s, 'click');
  return { s, rid: s.restaurant._id, payment };
}

const lastCall = async () => (await t.db.select().from(paymentCalls).orderBy(desc(paymentCalls.id)).limit(1))[0]!;

const heldTransactions = async (paymentId: string) =>
  t.db.select().from(paymentTransactions).where(eq(paymentTransactions.payment_id, paymentId));

describe('the signature and the service (-1)', () => {
  it('refuses a service_id that is not the restaurant’s, even signed with its key', async () => {
    const { rid, payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00', { service_id: '99999' });
    expect(answered(await postClick(t.app, rid, 'prepare', signed(fields)))).toEqual(
      prepareAnswer(fields, -1, 'SIGN CHECK FAILED!'),
    );
    expect(await heldTransactions(payment._id)).toEqual([]);
  });

  it('refuses a call signed with another key, or with the amount reformatted after signing', async () => {
    const { rid, payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00');
    const otherKey = signed(fields, 'another-secret');
    expect(answered(await postClick(t.app, rid, 'prepare', otherKey)).error).toBe(-1);
    const reformatted = { ...signed(fields), amount: '25000' };
    expect(answered(await postClick(t.app, rid, 'prepare', reformatted)).error).toBe(-1);
  });

  it('refuses an unknown restaurant, an id that is not one, and a restaurant without Click', async () => {
    const { payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00');
    for (const restaurantId of [randomUUID(), 'not-a-uuid']) {
      expect(answered(await postClick(t.app, restaurantId, 'prepare', signed(fields)))).toEqual(
        prepareAnswer(fields, -1, 'SIGN CHECK FAILED!'),
      );
      // Recorded without a restaurant: none exists to file it under.
      expect(await lastCall()).toMatchObject({ restaurant_id: null, provider: 'click', method: 'prepare' });
    }
    const none = await orderingRestaurant(t);
    expect(answered(await postClick(t.app, none.restaurant._id, 'prepare', signed(fields))).error).toBe(-1);
    expect((await lastCall()).restaurant_id).toBe(none.restaurant._id);
  });

  it('keeps settling for a restaurant that turned Click off after the payment was made', async () => {
    const { rid, payment } = await clickPayment();
    await putPaymentSettings(t, rid, { click: { enabled: false } });
    const fields = prepareFields(payment._id, '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(fields))).error).toBe(0);
  });
});

describe('malformed calls (-8)', () => {
  const required: (keyof ClickCallFields | 'sign_string')[] = [
    'click_trans_id',
    'service_id',
    'click_paydoc_id',
    'merchant_trans_id',
    'amount',
    'action',
    'error',
    'error_note',
    'sign_time',
    'sign_string',
  ];

  it.each(required)('a Prepare without %s', async (name) => {
    const { rid, payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00');
    const { [name]: _left, ...form } = signed(fields);
    expect(answered(await postClick(t.app, rid, 'prepare', form))).toEqual({
      ...prepareAnswer(fields, -8, 'Error in request from click'),
      ...(name === 'click_trans_id' ? { click_trans_id: null } : {}),
      ...(name === 'merchant_trans_id' ? { merchant_trans_id: null } : {}),
    });
    expect(await heldTransactions(payment._id)).toEqual([]);
  });

  it('a Complete without merchant_prepare_id', async () => {
    const { rid, payment } = await clickPayment();
    const prepared = prepareFields(payment._id, '25000.00');
    const prepareId = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    const fields = completeFields(prepared, prepareId);
    const { merchant_prepare_id: _left, ...form } = signed(fields);
    expect(answered(await postClick(t.app, rid, 'complete', form))).toEqual(
      completeAnswer(fields, -8, 'Error in request from click'),
    );
  });

  it.each<[string, Partial<ClickCallFields>]>([
    ['a click_trans_id that is not a number', { click_trans_id: '12a' }],
    ['a click_trans_id beyond 64 bits', { click_trans_id: '9223372036854775808' }],
    ['an amount that is not a number', { amount: '25 000' }],
    ['a negative amount', { amount: '-25000' }],
    ['an error that is not a number', { error: 'x' }],
    ['a positive error', { error: '5' }],
    ['a sign_time in another format', { sign_time: '2025-05-17T12:30:05Z' }],
    ['an empty merchant_trans_id', { merchant_trans_id: '' }],
    ['a control character', { error_note: '\u0000' }],
  ])('%s', async (_name, change) => {
    const { rid, payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00', change);
    expect(answered(await postClick(t.app, rid, 'prepare', signed(fields))).error).toBe(-8);
  });

  it('a field sent twice, JSON, no body, a body too large: -8, never Fastify’s 4xx', async () => {
    const { rid, payment } = await clickPayment();
    const fields = signed(prepareFields(payment._id, '25000.00'));
    const twice = `${new URLSearchParams(fields)}&amount=1`;
    expect(answered(await postClick(t.app, rid, 'prepare', twice)).error).toBe(-8);

    const json = await postClick(t.app, rid, 'prepare', JSON.stringify(fields), { 'content-type': 'application/json' });
    expect(answered(json)).toEqual({
      click_trans_id: null,
      merchant_trans_id: null,
      merchant_prepare_id: null,
      error: -8,
      error_note: 'Error in request from click',
    });
    expect(answered(await postClick(t.app, rid, 'complete', '', {}))).toEqual({
      click_trans_id: null,
      merchant_trans_id: null,
      merchant_confirm_id: null,
      error: -8,
      error_note: 'Error in request from click',
    });
    const huge = `${new URLSearchParams(fields)}&padding=${'x'.repeat(20_000)}`;
    expect(answered(await postClick(t.app, rid, 'prepare', huge)).error).toBe(-8);
    // Refused calls are recorded too, under their restaurant.
    expect(await lastCall()).toMatchObject({ restaurant_id: rid, method: 'prepare', params: {} });
    expect(await heldTransactions(payment._id)).toEqual([]);
  });

  it('only a URL that cannot be decoded is refused before routing, as every route’s is (400)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/payments/click/%zz/prepare', payload: 'a=1' });
    expect(res.statusCode).toBe(400);
  });

  it('takes the form with a charset, and ignores fields Click may add', async () => {
    const { rid, payment } = await clickPayment();
    const form = { ...signed(prepareFields(payment._id, '25000.00')), some_new_field: '1' };
    const res = await postClick(t.app, rid, 'prepare', form, {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
    });
    expect(answered(res).error).toBe(0);
  });
});

describe('the action (-3)', () => {
  it('must be 0 on /prepare and 1 on /complete', async () => {
    const { rid, payment } = await clickPayment();
    const asComplete = prepareFields(payment._id, '25000.00', { action: '1' });
    expect(answered(await postClick(t.app, rid, 'prepare', signed(asComplete)))).toEqual(
      prepareAnswer(asComplete, -3, 'Action not found'),
    );
    const unknown = prepareFields(payment._id, '25000.00', { action: '5' });
    expect(answered(await postClick(t.app, rid, 'prepare', signed(unknown))).error).toBe(-3);

    const prepared = prepareFields(payment._id, '25000.00');
    const prepareId = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    const asPrepare = completeFields(prepared, prepareId, { action: '0' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(asPrepare)))).toEqual(
      completeAnswer(asPrepare, -3, 'Action not found'),
    );
    // Nothing was completed by the refused call.
    expect((await heldTransactions(payment._id))[0]!.state).toBe(1);
  });
});

describe('which payment (-5) and which transaction (-6)', () => {
  it('refuses a payment id that is not a UUID, another restaurant’s payment and a Payme payment', async () => {
    const { s, rid, payment } = await clickPayment();
    const notUuid = prepareFields('197', '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(notUuid)))).toEqual(
      prepareAnswer(notUuid, -5, 'User does not exist'),
    );
    const elsewhere = await clickPayment();
    const foreign = prepareFields(elsewhere.payment._id, '25000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(foreign))).error).toBe(-5);

    await order(t, s);
    const payme = await pendingPayment(t, s, 'payme');
    const viaPayme = prepareFields(payme._id, '50000.00');
    expect(answered(await postClick(t.app, rid, 'prepare', signed(viaPayme))).error).toBe(-5);
    expect(answered(await postClick(t.app, rid, 'prepare', signed(prepareFields(payment._id, '25000')))).error).toBe(0);
  });

  it('refuses a Complete naming another payment’s transaction, or another click_trans_id', async () => {
    const a = await clickPayment();
    const preparedA = prepareFields(a.payment._id, '25000.00');
    const idA = answered(await postClick(t.app, a.rid, 'prepare', signed(preparedA))).merchant_prepare_id;
    await order(t, a.s);
    const b = await pendingPayment(t, a.s, 'click');
    const preparedB = prepareFields(b._id, '25000.00');
    const idB = answered(await postClick(t.app, a.rid, 'prepare', signed(preparedB))).merchant_prepare_id;

    const crossed = completeFields(preparedA, idB);
    expect(answered(await postClick(t.app, a.rid, 'complete', signed(crossed)))).toEqual(
      completeAnswer(crossed, -6, 'Transaction does not exist'),
    );
    const otherTrans = completeFields(preparedA, idA, { click_trans_id: preparedB.click_trans_id });
    expect(answered(await postClick(t.app, a.rid, 'complete', signed(otherTrans))).error).toBe(-6);
    const huge = completeFields(preparedA, '99999999999999999999'.slice(0, 19));
    expect(answered(await postClick(t.app, a.rid, 'complete', signed(huge))).error).toBe(-6);
    // Neither payment moved.
    expect((await heldTransactions(a.payment._id))[0]!.state).toBe(1);
    expect((await heldTransactions(b._id))[0]!.state).toBe(1);
  });
});

describe('a Complete for no payment of ours, a Prepare reusing a transaction', () => {
  it('answers -5 to a Complete naming a payment id that is not a UUID, or another restaurant’s payment', async () => {
    const { rid, payment } = await clickPayment();
    const prepared = prepareFields(payment._id, '25000.00');
    const id = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    const notUuid = completeFields({ ...prepared, merchant_trans_id: '197' }, id);
    expect(answered(await postClick(t.app, rid, 'complete', signed(notUuid)))).toEqual(
      completeAnswer(notUuid, -5, 'User does not exist'),
    );
    const elsewhere = await clickPayment();
    const foreign = completeFields(prepared, id);
    expect(answered(await postClick(t.app, elsewhere.rid, 'complete', signed(foreign)))).toEqual(
      completeAnswer(foreign, -5, 'User does not exist'),
    );
    // Still waiting for its own Complete.
    expect((await heldTransactions(payment._id))[0]!.state).toBe(1);
  });

  it('answers -8 to a Prepare whose click_trans_id is already another payment’s transaction', async () => {
    const a = await clickPayment();
    const preparedA = prepareFields(a.payment._id, '25000.00');
    expect(answered(await postClick(t.app, a.rid, 'prepare', signed(preparedA))).error).toBe(0);
    await order(t, a.s);
    const b = await pendingPayment(t, a.s, 'click');
    const reused = prepareFields(b._id, '25000.00', { click_trans_id: preparedA.click_trans_id });
    expect(answered(await postClick(t.app, a.rid, 'prepare', signed(reused)))).toEqual(
      prepareAnswer(reused, -8, 'Error in request from click'),
    );
    expect(await heldTransactions(b._id)).toEqual([]);
  });
});

describe('amounts in so’m (-2)', () => {
  it('hashes the amount as received and compares it numerically: 25000 and 25000.00 are both 25 000 so’m', async () => {
    const { rid, payment } = await clickPayment();
    const prepared = prepareFields(payment._id, '25000');
    const prepareId = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    const done = completeFields(prepared, prepareId, { amount: '25000.00' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(done)))).toEqual(
      completeAnswer(done, 0, 'Success', prepareId),
    );
  });

  it('refuses an amount off by more than 0.01 so’m on Prepare and on Complete', async () => {
    const { rid, payment } = await clickPayment();
    for (const amount of ['25000.02', '24999.98', '250', '2500000']) {
      const fields = prepareFields(payment._id, amount);
      expect(answered(await postClick(t.app, rid, 'prepare', signed(fields)))).toEqual(
        prepareAnswer(fields, -2, 'Incorrect parameter amount'),
      );
    }
    expect(await heldTransactions(payment._id)).toEqual([]);
    const prepared = prepareFields(payment._id, '25000.01');
    const prepareId = answered(await postClick(t.app, rid, 'prepare', signed(prepared))).merchant_prepare_id;
    const short = completeFields(prepared, prepareId, { amount: '24999.5' });
    expect(answered(await postClick(t.app, rid, 'complete', signed(short))).error).toBe(-2);
    expect((await heldTransactions(payment._id))[0]!.state).toBe(1);
  });
});

describe('ids and answers', () => {
  it('answers a 64-bit click_trans_id digit for digit, as a JSON number', async () => {
    const { rid, payment } = await clickPayment();
    const fields = prepareFields(payment._id, '25000.00', {
      click_trans_id: '9223372036854775807',
      click_paydoc_id: '9223372036854775806',
    });
    const res = await postClick(t.app, rid, 'prepare', signed(fields));
    expect(res.body.startsWith('{"click_trans_id":9223372036854775807,"merchant_trans_id":')).toBe(true);
    const [transaction] = await heldTransactions(payment._id);
    expect(transaction!.provider_id).toBe('9223372036854775807');
    expect(res.body).toBe(
      `{"click_trans_id":9223372036854775807,"merchant_trans_id":"${payment._id}","merchant_prepare_id":${transaction!.id},"error":0,"error_note":"Success"}`,
    );
  });

  it('records the form exactly as received, the signature included and no key', async () => {
    const { rid, payment } = await clickPayment();
    const form = signed(prepareFields(payment._id, '25000'));
    await postClick(t.app, rid, 'prepare', form);
    const call = await lastCall();
    expect(call).toMatchObject({ restaurant_id: rid, provider: 'click', method: 'prepare', params: form });
    expect(JSON.stringify(call)).not.toContain(CLICK.secret_key);
  });
});
