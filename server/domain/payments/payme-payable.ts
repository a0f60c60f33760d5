import type { Executor } from '../../db/client';
import { liveTransaction } from '../../repositories/payme-transactions';
import { type PaymentOrder, paymentOrders } from '../../repositories/payment-orders';
import type { PaymentRecord } from '../../repositories/payments';
import { amountMatches, billHoldable, settledFault } from './payme-account';
import { faults, PaymeError } from './payme-rpc';

/**
 * What CheckPerformTransaction answers and CreateTransaction checks before it opens a transaction, once the account
 * named a Payme payment of this restaurant (payme-account.ts, -31050), in this order: Payme's amount is the
 * payment's (-31001), no transaction of the payment is created or performed already (one-time account: -31008), and
 * the payment is still pending (-31051 paid, -31052 cancelled or refunded).
 */
export async function assertPayable(db: Executor, payment: PaymentRecord, amount: number): Promise<void> {
  if (!amountMatches(payment, amount)) throw new PaymeError(faults.wrongAmount());
  if (await liveTransaction(db, payment._id)) throw new PaymeError(faults.otherTransaction());
  const settled = settledFault(payment);
  if (settled) throw new PaymeError(settled);
}

/**
 * assertPayable, then whether the payment's orders could be held now (-31008 when one is paid, held by another
 * payment, or cancelled), without holding them: CheckPerformTransaction's probe. Answers the orders.
 */
export async function payableOrders(db: Executor, payment: PaymentRecord, amount: number): Promise<PaymentOrder[]> {
  await assertPayable(db, payment, amount);
  const orders = await paymentOrders(db, payment);
  if (!billHoldable(orders, payment)) throw new PaymeError(faults.billTaken());
  return orders;
}
