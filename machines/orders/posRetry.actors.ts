import { fromPromise } from 'xstate';
import { retryOrderPos } from '../../client/orders';

export interface RetryPosInput {
  orderId: string;
}

export const posRetryActors = {
  /** POST /manager/orders/{id}/pos-retry → the order, sending again; throws the ApiError (409: it has not failed). */
  retryPos: fromPromise(({ input, signal }: { input: RetryPosInput; signal: AbortSignal }) =>
    retryOrderPos(input.orderId, { signal }),
  ),
};
