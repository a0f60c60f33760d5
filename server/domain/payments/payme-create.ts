import {
  findPaymeTransaction,
  insertPaymeTransaction,
  type TransactionRecord,
} from '../../repositories/payme-transactions';
import type { PaymentRecord } from '../../repositories/payments';
import type { Work } from '../unit-of-work';
import { toTiyin } from './money';
import { accountPayment } from './payme-account';
import type { CreateParams } from './payme-params';
import { assertPayable } from './payme-payable';
import { faults, PaymeError } from './payme-rpc';
import {
  cancelCreated,
  createdAnswer,
  type MethodOutcome,
  type PaymeCall,
  pastTimeout,
  REASON_TIMEOUT,
  STATE,
  timedOut,
} from './payme-transaction';
import { holdPayment } from './settle';

/** The same `id` again: its stored answer while it is created (same times); void after 12 h; -31008 once moved on. */
async function repeated(
  w: Work,
  call: PaymeCall,
  payment: PaymentRecord,
  transaction: TransactionRecord,
): Promise<MethodOutcome> {
  if (transaction.state !== STATE.created) throw new PaymeError(faults.wrongState());
  const now = call.now();
  if (timedOut(transaction, now)) {
    await cancelCreated(w, payment, transaction, REASON_TIMEOUT, now);
    return { error: faults.timedOut() };
  }
  return { result: createdAnswer(transaction) };
}

/**
 * CreateTransaction. The account's payment is locked for the whole call, so calls on one payment take turns, and
 * what it finds is read once the lock is held: the same `id` again is a repeat; a new one must pass what
 * CheckPerformTransaction checks (payme-payable.ts: another transaction already open on the payment is -31008), with
 * Payme's `time` less than 12 h old (-31008), and then holds the payment's orders (holdPayment): of two payments over
 * one bill the first to hold it wins, the other is -31008 and keeps nothing.
 */
export function createTransaction(call: PaymeCall, params: CreateParams): Promise<MethodOutcome> {
  return call.deps.work(async (w) => {
    const payment = await accountPayment(w.tx, call.restaurantId, params.account, { lock: true });
    // Read under the lock: a call this one waited for may have created this same id (Payme repeats a call).
    const transaction = await findPaymeTransaction(w.tx, call.restaurantId, params.id);
    if (transaction) {
      // A Payme id names one transaction of one account: sent again with another, it is not a repeat.
      if (transaction.payment_id !== payment._id) throw new PaymeError(faults.wrongState());
      return repeated(w, call, payment, transaction);
    }

    await assertPayable(w.tx, payment, params.amount);
    const now = call.now();
    if (pastTimeout(params.time, now)) throw new PaymeError(faults.timedOut());
    if (!(await holdPayment(w, payment))) throw new PaymeError(faults.billTaken());
    const created = await insertPaymeTransaction(w.tx, {
      payment_id: payment._id,
      provider_id: params.id,
      provider_time: params.time,
      amount_tiyin: toTiyin(payment.amount),
      create_time: now,
    });
    return { result: createdAnswer(created) };
  });
}
