import { fromPromise } from 'xstate';
import { moveOrderLine } from '../../client/orderLines';

export interface ServeLineInput {
  orderId: string;
  index: number;
}

export const lineServeActors = {
  /** PUT /manager/orders/{id}/items/{index} `{ status: "served" }` → the order; throws the ApiError (409: refused). */
  serveLine: fromPromise(({ input, signal }: { input: ServeLineInput; signal: AbortSignal }) =>
    moveOrderLine(input.orderId, input.index, 'served', { signal }),
  ),
};
