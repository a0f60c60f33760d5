import { updatePaymeTransaction } from '../../repositories/payme-transactions';
import type { IdParams } from './payme-params';
import { faults, PaymeError } from './payme-rpc';
import {
  cancelCreated,
  lockedTransaction,
  type MethodOutcome,
  type PaymeCall,
  performedAnswer,
  REASON_TIMEOUT,
  STATE,
  timedOut,
} from './payme-transaction';
import { completePayment } from './settle';

/**
 * PerformTransaction: Payme took the money. A created transaction becomes performed and its payment and orders
 * paid; performed already, the stored answer again (same `perform_time`). Created more than 12 h before (Payme's
 * `time`): cancelled with reason 4 and -31008; cancelled: -31008; unknown: -31003.
 */
export function performTransaction(call: PaymeCall, params: IdParams): Promise<MethodOutcome> {
  return call.deps.work(async (w) => {
    const { transaction, payment } = await lockedTransaction(w, call.restaurantId, params.id);
    if (transaction.state === STATE.performed) return { result: performedAnswer(transaction) };
    if (transaction.state !== STATE.created) throw new PaymeError(faults.wrongState());
    const now = call.now();
    if (timedOut(transaction, now)) {
      await cancelCreated(w, payment, transaction, REASON_TIMEOUT, now);
      return { error: faults.timedOut() };
    }
    if (!(await completePayment(w, payment))) throw new PaymeError(faults.wrongState());
    const performed = await updatePaymeTransaction(w.tx, transaction.id, { state: STATE.performed, perform_time: now });
    return { result: performedAnswer(performed) };
  });
}
