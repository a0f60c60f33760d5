import {
  CLICK_CANCELLED,
  findPreparedClickTransaction,
  settleClickTransaction,
  staleClickTransactions,
} from '../../repositories/click-transactions';
import { findPayment } from '../../repositories/payments';
import type { DomainDeps } from '../deps';
import { cancelPayment } from './settle';

/**
 * How long a Click Prepare may hold a bill waiting for its Complete. Click completes within seconds of the payer
 * confirming; past this the payer has left, and the held orders would otherwise stay "being paid" for good (cash
 * refused, the next diner's payment too). A Complete that still comes later is answered -9 (cancelled): Click then
 * does not take the money.
 */
export const CLICK_HOLD_MS = 30 * 60 * 1000;

/** At most this many a round: the next round takes the rest. */
const BATCH = 100;

/**
 * Cancels the Click transactions prepared longer than `holdMs` ago, each in its own unit of work under its payment's
 * lock (a Complete arriving at the same moment is decided by whichever takes the lock first): the payment cancelled,
 * its orders unpaid again. Answers how many were released.
 */
export async function releaseStaleClickHolds(
  deps: DomainDeps,
  holdMs = CLICK_HOLD_MS,
  now = Date.now(),
): Promise<number> {
  let released = 0;
  for (const paymentId of await staleClickTransactions(deps.db, now - holdMs, BATCH)) {
    const done = await deps.work(async (w) => {
      const payment = await findPayment(w.tx, paymentId, { lock: true });
      // Listed stale, but a Complete (or Cancel) may have settled it before the lock was ours: then it stays settled.
      const transaction = await findPreparedClickTransaction(w.tx, paymentId);
      if (!payment || !transaction) return false;
      await settleClickTransaction(w.tx, transaction.id, CLICK_CANCELLED);
      // A payment no longer pending is left as it is (cancelPayment moves only a pending one).
      await cancelPayment(w, payment);
      return true;
    });
    if (done) released += 1;
  }
  return released;
}
