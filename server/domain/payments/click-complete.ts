import {
  CLICK_CANCELLED,
  CLICK_COMPLETED,
  CLICK_PREPARED,
  findClickTransactionById,
  settleClickTransaction,
} from '../../repositories/click-transactions';
import { findPayment } from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import { type ClickAnswer, type ClickOutcome, clickAnswer } from './click-answer';
import { amountMatches, clickPaymentOf, isUuid } from './click-checks';
import type { ClickFields } from './click-fields';
import { cancelPayment, completePayment } from './settle';

/** Our transaction ids are bigint identities read as JavaScript numbers: a larger one is none of ours. */
function transactionId(raw: string): number | undefined {
  const id = Number(raw);
  return Number.isSafeInteger(id) && String(id) === raw ? id : undefined;
}

/**
 * Click's Complete (signature, service and action already checked), under the payment row's lock:
 *
 * - unknown payment, another restaurant's, not a Click one: -5; a merchant_prepare_id that is not this payment's
 *   transaction of this click_trans_id: -6;
 * - completed already: `error` 0 again is -4 ("Already paid"); `error` < 0 is -9 (Click's scenario 8) and changes
 *   nothing: a paid bill is not made unpaid by a callback (the call is recorded for reconciliation);
 * - cancelled already: -9, whatever `error` says;
 * - `error` < 0 (Click could not debit): the payment is cancelled, its orders unpaid again, answered -9;
 * - `error` 0 with an amount other than the payment's: -2, nothing changes;
 * - `error` 0: the payment and its orders are paid; merchant_confirm_id is our transaction id.
 */
export function completeClick(deps: DomainDeps, restaurantId: string, fields: ClickFields): Promise<ClickAnswer> {
  const answer = (outcome: ClickOutcome, id?: number) => clickAnswer('complete', fields, outcome, id);
  if (!isUuid(fields.merchant_trans_id)) return Promise.resolve(answer('userDoesNotExist'));
  const failed = Number(fields.error) < 0;

  return deps.work(async (w) => {
    const payment = clickPaymentOf(await findPayment(w.tx, fields.merchant_trans_id, { lock: true }), restaurantId);
    if (!payment) return answer('userDoesNotExist');
    const id = transactionId(fields.merchant_prepare_id);
    const transaction = id === undefined ? undefined : await findClickTransactionById(w.tx, id);
    if (!transaction || transaction.payment_id !== payment._id || transaction.provider_id !== fields.click_trans_id) {
      return answer('transactionDoesNotExist');
    }

    if (transaction.state === CLICK_COMPLETED || payment.status === 'paid' || payment.status === 'refunded') {
      return answer(failed ? 'transactionCancelled' : 'alreadyPaid');
    }
    if (transaction.state !== CLICK_PREPARED || payment.status === 'cancelled') {
      // A payment cancelled while this transaction waited: the transaction ends with it.
      await settleClickTransaction(w.tx, transaction.id, CLICK_CANCELLED);
      return answer('transactionCancelled');
    }
    if (failed) {
      await cancelPayment(w, payment);
      await settleClickTransaction(w.tx, transaction.id, CLICK_CANCELLED);
      return answer('transactionCancelled');
    }
    if (!amountMatches(fields.amount, payment.amount)) return answer('incorrectAmount');
    if (!(await completePayment(w, payment))) throw new Error('A locked pending payment could not be completed');
    await settleClickTransaction(w.tx, transaction.id, CLICK_COMPLETED);
    return answer('success', transaction.id);
  });
}
