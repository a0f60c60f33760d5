import { updatePaymeTransaction } from '../../repositories/payme-transactions';
import { paymentOrders } from '../../repositories/payment-orders';
import type { CancelParams } from './payme-params';
import { faults, PaymeError } from './payme-rpc';
import {
  cancelCreated,
  cancelledAnswer,
  lockedTransaction,
  type MethodOutcome,
  type PaymeCall,
  STATE,
} from './payme-transaction';
import { refundPayment } from './settle';

/**
 * CancelTransaction with Payme's `reason`. Created (1): cancelled (-1), the payment cancelled and its orders unpaid
 * again. Performed (2): refunded (-2), the payment and its orders refunded; unless the staff already served one of
 * its orders: the meal is eaten, so -31007 and nothing changes. Cancelled already: the stored answer again (same
 * `cancel_time`). Unknown: -31003.
 */
export function cancelTransaction(call: PaymeCall, params: CancelParams): Promise<MethodOutcome> {
  return call.deps.work(async (w) => {
    const { transaction, payment } = await lockedTransaction(w, call.restaurantId, params.id);
    const now = call.now();
    if (transaction.state === STATE.created) {
      return { result: cancelledAnswer(await cancelCreated(w, payment, transaction, params.reason, now)) };
    }
    if (transaction.state === STATE.performed) {
      const orders = await paymentOrders(w.tx, payment);
      if (orders.some((order) => order.status === 'served')) throw new PaymeError(faults.orderServed());
      if (!(await refundPayment(w, payment))) throw new PaymeError(faults.wrongState());
      const refunded = await updatePaymeTransaction(w.tx, transaction.id, {
        state: STATE.refunded,
        reason: params.reason,
        cancel_time: now,
      });
      return { result: cancelledAnswer(refunded) };
    }
    return { result: cancelledAnswer(transaction) };
  });
}
