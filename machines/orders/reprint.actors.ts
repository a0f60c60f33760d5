import { fromPromise } from 'xstate';
import { reprintOrder } from '../../client/orderLines';

export const reprintActors = {
  /** POST /manager/orders/{id}/print → the order; throws the ApiError (409: none of its stations has a printer). */
  reprint: fromPromise(({ input, signal }: { input: { orderId: string }; signal: AbortSignal }) =>
    reprintOrder(input.orderId, { signal }),
  ),
};
