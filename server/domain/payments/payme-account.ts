import type { Executor } from '../../db/client';
import type { PaymentOrder } from '../../repositories/payment-orders';
import { findPayment, type PaymentRecord } from '../../repositories/payments';
import { toTiyin } from './money';
import { ACCOUNT_FIELD, faults, PaymeError, type PaymeFault } from './payme-rpc';

/**
 * The cashbox's account field `order_id` is our payment's id. Codes answered (facts sheet 1.5, -31050…-31099, each
 * with `data: "order_id"`):
 * - -31050: no such payment for this restaurant's Payme (missing, not a UUID, unknown, another restaurant's, or a
 *   payment through Click or in cash);
 * - -31051: the payment is already paid;
 * - -31052: the payment was cancelled or refunded (the diner makes a new one).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The Payme payment the account names, locked to the end of the transaction when asked; -31050 otherwise. */
export async function accountPayment(
  db: Executor,
  restaurantId: string,
  account: Record<string, unknown>,
  options: { lock?: boolean } = {},
): Promise<PaymentRecord> {
  const paymentId = account[ACCOUNT_FIELD];
  if (!isUuid(paymentId)) throw new PaymeError(faults.orderNotFound());
  const payment = await findPayment(db, paymentId, options);
  if (!payment || payment.restaurant_id !== restaurantId || payment.provider !== 'payme') {
    throw new PaymeError(faults.orderNotFound());
  }
  return payment;
}

/** Payme's amount (tiyin) is exactly the payment's, fixed when the diner made it. */
export const amountMatches = (payment: PaymentRecord, amount: number): boolean => amount === toTiyin(payment.amount);

/** Why a payment can no longer be paid, in Payme's terms; undefined while it is pending. */
export function settledFault(payment: PaymentRecord): PaymeFault | undefined {
  if (payment.status === 'paid') return faults.orderPaid();
  if (payment.status === 'cancelled' || payment.status === 'refunded') return faults.orderCancelled();
  return undefined;
}

/**
 * Whether the payment could hold its orders now (what holdPayment would do): each still here, not cancelled, and
 * unpaid or already held by this payment. CheckPerformTransaction probes it without holding anything.
 */
export function billHoldable(orders: readonly PaymentOrder[], payment: PaymentRecord): boolean {
  return (
    orders.length === payment.order_ids.length &&
    orders.every(
      (order) =>
        order.status !== 'cancelled' &&
        (order.payment_status === 'unpaid' || (order.payment_status === 'pending' && order.payment_id === payment._id)),
    )
  );
}
