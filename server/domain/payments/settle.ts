import { type OrderRecord, presentStaffOrder } from '../../repositories/orders';
import {
  holdOrders,
  movePayment,
  type PaymentRecord,
  payOrders,
  refundOrders,
  releaseOrders,
} from '../../repositories/payments';
import { recordStaffEvent } from '../../repositories/staff-events';
import { enqueueTelegram } from '../../repositories/telegram-outbox';
import type { Work } from '../unit-of-work';

/**
 * A payment's life as its orders show it, one step at a time inside the caller's unit of work (a provider's call):
 * each order whose payment state changes tells the staff's screens and edits its Telegram message, in the same
 * transaction. Of two payments reaching for one order, the first to hold it wins; the other is refused whole.
 */

async function announce(w: Work, changed: readonly OrderRecord[]): Promise<void> {
  for (const order of changed) {
    if (await enqueueTelegram(w.tx, order.restaurant_id, { order_id: order._id }, 'edit')) w.outboxWritten();
    await recordStaffEvent(w.tx, order.restaurant_id, { type: 'order.updated', data: presentStaffOrder(order) });
  }
}

/**
 * Puts the payment's orders under it (a provider's transaction opened: Payme's CreateTransaction, Click's Prepare).
 * Answers false, having changed nothing the caller keeps, when one of them is paid, held by another payment or
 * cancelled: the caller rolls its unit of work back (throwing) and refuses the provider's call.
 */
export async function holdPayment(w: Work, payment: PaymentRecord): Promise<boolean> {
  const held = await holdOrders(w.tx, payment);
  if (held.length !== payment.order_ids.length) return false;
  await announce(w, held);
  return true;
}

/** The provider took the money: the payment and its orders are paid. Answers the payment, or undefined if not pending. */
export async function completePayment(w: Work, payment: PaymentRecord): Promise<PaymentRecord | undefined> {
  const paid = await movePayment(w.tx, payment._id, 'paid', ['pending']);
  if (!paid) return undefined;
  await announce(w, await payOrders(w.tx, paid));
  return paid;
}

/** Cancelled before it was performed: its orders are unpaid again. Answers the payment, or undefined if not pending. */
export async function cancelPayment(w: Work, payment: PaymentRecord): Promise<PaymentRecord | undefined> {
  const cancelled = await movePayment(w.tx, payment._id, 'cancelled', ['pending']);
  if (!cancelled) return undefined;
  await announce(w, await releaseOrders(w.tx, payment._id));
  return cancelled;
}

/** A performed payment cancelled by the provider (a refund): its orders are refunded. Undefined if it was not paid. */
export async function refundPayment(w: Work, payment: PaymentRecord): Promise<PaymentRecord | undefined> {
  const refunded = await movePayment(w.tx, payment._id, 'refunded', ['paid']);
  if (!refunded) return undefined;
  await announce(w, await refundOrders(w.tx, payment._id));
  return refunded;
}
