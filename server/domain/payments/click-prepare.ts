import {
  CLICK_PREPARED,
  findClickTransaction,
  findPreparedClickTransaction,
  insertClickTransaction,
} from '../../repositories/click-transactions';
import { findPayment } from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import { type ClickAnswer, type ClickOutcome, clickAnswer } from './click-answer';
import { amountMatches, ClickRefusal, clickPaymentOf, isUuid, refusedOrDone } from './click-checks';
import type { ClickFields } from './click-fields';
import { toTiyin } from './money';
import { holdPayment } from './settle';

/**
 * Click's Prepare (signature, service and action already checked): may Click take this payment's money? Yes holds the
 * payment's orders under it (nobody else can take them meanwhile) and records Click's transaction, whose id we answer
 * as merchant_prepare_id. The payment's row is locked for the whole call, so calls on one payment take turns.
 *
 * - unknown payment, another restaurant's, not a Click one: -5;
 * - paid (or refunded) already: -4; an amount other than the payment's: -2; cancelled: -9;
 * - the same click_trans_id again: the same answer while it waits for its Complete (a click_trans_id already used for
 *   another payment: -8, Click never does that);
 * - another Click transaction still waiting on this payment, or an order of it paid, held by another payment (a Payme
 *   transaction, another diner's) or cancelled: -9, and nothing is held. Only one transaction at a time may be
 *   debited for one payment; -9 ("cancelled") rather than -4 ("already paid"): the bill may well not be paid, and the
 *   diner should not walk away believing it is;
 * - Click reporting its own failure (`error` < 0): -9, nothing to prepare.
 */
export function prepareClick(deps: DomainDeps, restaurantId: string, fields: ClickFields): Promise<ClickAnswer> {
  const answer = (outcome: ClickOutcome, transactionId?: number) =>
    clickAnswer('prepare', fields, outcome, transactionId);
  if (Number(fields.error) < 0) return Promise.resolve(answer('transactionCancelled'));
  if (!isUuid(fields.merchant_trans_id)) return Promise.resolve(answer('userDoesNotExist'));

  return refusedOrDone(() =>
    deps.work(async (w) => {
      const payment = clickPaymentOf(await findPayment(w.tx, fields.merchant_trans_id, { lock: true }), restaurantId);
      if (!payment) return answer('userDoesNotExist');
      if (payment.status === 'paid' || payment.status === 'refunded') return answer('alreadyPaid');
      if (!amountMatches(fields.amount, payment.amount)) return answer('incorrectAmount');
      if (payment.status === 'cancelled') return answer('transactionCancelled');

      const known = await findClickTransaction(w.tx, fields.click_trans_id);
      if (known) {
        if (known.payment_id !== payment._id) return answer('errorInRequest');
        return known.state === CLICK_PREPARED ? answer('success', known.id) : answer('transactionCancelled');
      }
      if (await findPreparedClickTransaction(w.tx, payment._id)) return answer('transactionCancelled');
      if (!(await holdPayment(w, payment))) throw new ClickRefusal(answer('transactionCancelled'));
      const transaction = await insertClickTransaction(w.tx, {
        payment_id: payment._id,
        click_trans_id: fields.click_trans_id,
        paydoc_id: fields.click_paydoc_id,
        amount_tiyin: toTiyin(Number(fields.amount)),
      });
      return answer('success', transaction.id);
    }),
  );
}
