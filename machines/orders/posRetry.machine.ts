import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import { uzOrdering } from '../../lib/uz-ordering';
import { canRetryPos } from './pos.rules';
import { posRetryActors } from './posRetry.actors';

/**
 * "Qayta yuborish" on the orders screen: an order whose sending to the restaurant's till failed is sent again
 * (POST /manager/orders/{id}/pos-retry), one order at a time; while it runs the buttons wait. The answered order (its
 * till state back at "sending") goes into the screen's list as any update of it does (`retried`, which React provides:
 * the orders machine merges it by updatedAt, as the live stream's order.updated). A refusal (409: the order is on its
 * way or on the till already) or no answer stays under that order's button with the reason, for as long as the card
 * shows the order as it was when the button was pressed (posRetry.selectors.ts posRetryError): a newer copy of it
 * tells its own state.
 */

export interface PosRetryContext {
  /** The order being sent again, or the one whose retry failed. */
  orderId: string | null;
  /** That order's updatedAt when the button was pressed: a refusal is about that copy of it. */
  version: string | null;
  /** Why the last retry failed; null otherwise. */
  error: string | null;
}

export type PosRetryEvent = { type: 'pos.retry'; order: StaffOrder };

/** The server's reason (a 409 says why; no answer is the client's networkError), or a general one. */
const retryFailure = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : uzOrdering.orderPosRetryFailed;

type OrderParams = { order: StaffOrder };

export const posRetryMachine = setup({
  types: {
    context: {} as PosRetryContext,
    events: {} as PosRetryEvent,
  },
  actors: posRetryActors,
  actions: {
    /** React merges the answered order into the orders screen's list. */
    retried: (_, _params: OrderParams) => {},
    takeOrder: assign((_, { order }: OrderParams) => ({ orderId: order._id, version: order.updatedAt, error: null })),
    clear: assign({ orderId: null, version: null, error: null }),
  },
  guards: {
    /** Only a failed sending can be retried (the card offers no button otherwise; the server would answer 409). */
    canRetry: (_, { order }: OrderParams) => canRetryPos(order),
  },
}).createMachine({
  id: 'posRetry',
  context: { orderId: null, version: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pos.retry': {
          guard: { type: 'canRetry', params: ({ event }) => ({ order: event.order }) },
          target: 'retrying',
          actions: { type: 'takeOrder', params: ({ event }) => ({ order: event.order }) },
        },
      },
    },
    retrying: {
      tags: ['retrying'],
      invoke: {
        id: 'retryPos',
        src: 'retryPos',
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'retried', params: ({ event }) => ({ order: event.output }) }, 'clear'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => retryFailure(event.error) }),
        },
      },
    },
    /** The reason stays under the order's button: pressing it (or another order's) tries again. */
    failed: {
      on: {
        'pos.retry': {
          guard: { type: 'canRetry', params: ({ event }) => ({ order: event.order }) },
          target: 'retrying',
          actions: { type: 'takeOrder', params: ({ event }) => ({ order: event.order }) },
        },
      },
    },
  },
});
