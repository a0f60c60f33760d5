import { describe, expect, it } from 'vitest';
import { billHoldable, isUuid, settledFault } from '../../server/domain/payments/payme-account';
import { PAYME_ERRORS } from '../../server/domain/payments/payme-rpc';
import type { PaymentOrder } from '../../server/repositories/payment-orders';
import type { PaymentRecord } from '../../server/repositories/payments';

/**
 * What Payme's account field may name, why a payment can no longer be paid, and whether its bill could be held now:
 * the rules CheckPerformTransaction and CreateTransaction answer by (facts sheet 1.5).
 */

const ID = '0b7c5e9e-3c1d-4f5a-9a51-2f1d7c0e9b11';
const payment = (overrides: Partial<PaymentRecord> = {}) =>
  ({ _id: ID, status: 'pending', order_ids: ['o1', 'o2'], ...overrides }) as PaymentRecord;
const order = (id: string, overrides: Partial<PaymentOrder> = {}) =>
  ({ _id: id, status: 'accepted', payment_status: 'unpaid', payment_id: null, ...overrides }) as PaymentOrder;

describe('the account’s order_id', () => {
  it('is a UUID written as a string, in either case, and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    // An array or object whose text is a UUID is not one (JSON may send either).
    for (const value of [[ID], { toString: () => ID }, `${ID} `, ID.slice(1), 42, null, undefined]) {
      expect(isUuid(value), String(value)).toBe(false);
    }
  });
});

describe('settledFault', () => {
  it('answers -31051 for a paid payment, -31052 for a cancelled or refunded one, nothing while pending', () => {
    const code = (status: PaymentRecord['status']) => settledFault(payment({ status }))?.code;
    expect(code('paid')).toBe(PAYME_ERRORS.orderPaid);
    expect(code('cancelled')).toBe(PAYME_ERRORS.orderCancelled);
    expect(code('refunded')).toBe(PAYME_ERRORS.orderCancelled);
    expect(code('pending')).toBeUndefined();
    expect(settledFault(payment({ status: 'paid' }))?.data).toBe('order_id');
  });
});

describe('billHoldable', () => {
  it('holds a bill whose every order is unpaid or already held by this payment', () => {
    expect(billHoldable([order('o1'), order('o2')], payment())).toBe(true);
    expect(billHoldable([order('o1'), order('o2', { payment_status: 'pending', payment_id: ID })], payment())).toBe(
      true,
    );
  });

  it('refuses a bill with one order gone, cancelled, paid, or held by another payment', () => {
    expect(billHoldable([order('o1')], payment())).toBe(false);
    const other = '1b7c5e9e-3c1d-4f5a-9a51-2f1d7c0e9b11';
    for (const second of [
      order('o2', { status: 'cancelled' }),
      order('o2', { payment_status: 'paid', payment_id: ID }),
      order('o2', { payment_status: 'pending', payment_id: other }),
    ]) {
      expect(billHoldable([order('o1'), second], payment()), JSON.stringify(second)).toBe(false);
    }
  });
});
