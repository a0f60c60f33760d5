import {
  findPaymeTransaction,
  lockPaymeTransactionPayment,
  type TransactionRecord,
  updatePaymeTransaction,
} from '../../repositories/payme-transactions';
import type { PaymentRecord } from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import type { Work } from '../unit-of-work';
import { faults, PaymeError, type PaymeFault } from './payme-rpc';
import type { StoredSettings } from './settings';
import { cancelPayment } from './settle';

/**
 * What every method shares: the call's restaurant, a Payme transaction's life (states 1, 2, -1, -2) and how each
 * method answers it. Times are Unix ms, stored once and answered again unchanged on every repeat.
 */

/** One authorized call to a restaurant's endpoint. */
export interface PaymeCall {
  deps: DomainDeps;
  restaurantId: string;
  settings: StoredSettings;
  now: () => number;
}

/** A method's answer: its result, or a refusal after work that is kept (a timed-out transaction cancelled). */
export type MethodOutcome = { result: Record<string, unknown> } | { error: PaymeFault };

export const STATE = { created: 1, performed: 2, cancelled: -1, refunded: -2 } as const;
/** Payme's reason for a transaction this server cancels itself: 12 hours passed before it was performed. */
export const REASON_TIMEOUT = 4;
/** A created transaction not performed within 12 hours of Payme's `time` is void. */
export const TIMEOUT_MS = 43_200_000;

/** Whether a transaction Payme created at `time` (its clock, ms) is past its 12 hours at `now`: exactly 12 h is not. */
export const pastTimeout = (time: number, now: number): boolean => now - time > TIMEOUT_MS;

export const timedOut = (transaction: TransactionRecord, now: number): boolean =>
  pastTimeout(transaction.provider_time ?? transaction.create_time, now);

/** Our id of the transaction, as Payme wants it: a string. */
export const transactionId = (transaction: TransactionRecord): string => String(transaction.id);

export const createdAnswer = (t: TransactionRecord) => ({
  create_time: t.create_time,
  transaction: transactionId(t),
  state: t.state,
  receivers: null,
});

export const performedAnswer = (t: TransactionRecord) => ({
  transaction: transactionId(t),
  perform_time: t.perform_time,
  state: t.state,
});

export const cancelledAnswer = (t: TransactionRecord) => ({
  transaction: transactionId(t),
  cancel_time: t.cancel_time,
  state: t.state,
});

export const checkedAnswer = (t: TransactionRecord) => ({
  create_time: t.create_time,
  perform_time: t.perform_time,
  cancel_time: t.cancel_time,
  transaction: transactionId(t),
  state: t.state,
  reason: t.reason,
});

/**
 * The transaction Payme names, and its payment locked (FOR UPDATE) to the end of the work, so calls on one payment
 * take turns; the transaction is read once the lock is held (a call that waited sees what the other did). Unknown
 * here, or another restaurant's: -31003.
 */
export async function lockedTransaction(
  w: Work,
  restaurantId: string,
  providerId: string,
): Promise<{ transaction: TransactionRecord; payment: PaymentRecord }> {
  const payment = await lockPaymeTransactionPayment(w.tx, restaurantId, providerId);
  const transaction = await findPaymeTransaction(w.tx, restaurantId, providerId);
  if (!payment || !transaction) throw new PaymeError(faults.transactionNotFound());
  return { transaction, payment };
}

/** A created (state 1) transaction cancelled: -1 with its reason and time; its orders are unpaid again. */
export async function cancelCreated(
  w: Work,
  payment: PaymentRecord,
  transaction: TransactionRecord,
  reason: number,
  now: number,
): Promise<TransactionRecord> {
  await cancelPayment(w, payment);
  return updatePaymeTransaction(w.tx, transaction.id, { state: STATE.cancelled, reason, cancel_time: now });
}
