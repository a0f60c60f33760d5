import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import { uzKitchen } from '../../lib/uz-kitchen';
import type { Notice } from '../shared/notify';
import { canReprint } from './kitchen.rules';
import { reprintActors } from './reprint.actors';

/**
 * "Qayta chop etish" on the orders screen: an order's kitchen tickets are printed again (POST
 * /manager/orders/{id}/print), one order at a time. The answered order goes into the screen's list (`reprinted`,
 * which React provides: merged by updatedAt) and a toast says the tickets are on their way. A refusal (409: no station
 * of the order has a printer) or no answer stays under that order's button with the reason, for as long as the card
 * shows the order as it was when the button was pressed.
 */

export interface ReprintContext {
  orderId: string | null;
  version: string | null;
  error: string | null;
}

export type ReprintEvent = { type: 'print.again'; order: StaffOrder };

type OrderParams = { order: StaffOrder };

const orderParams = ({ event }: { event: ReprintEvent }) => ({ order: event.order });

/** The server's reason (a 409 says why; no answer is the client's networkError), or a general one. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : uzKitchen.reprintFailed;

export const reprintMachine = setup({
  types: {
    context: {} as ReprintContext,
    events: {} as ReprintEvent,
  },
  actors: reprintActors,
  actions: {
    /** React merges the answered order into the orders screen's list. */
    reprinted: (_, _params: OrderParams) => {},
    notify: (_, _params: Notice) => {},
    takeOrder: assign((_, { order }: OrderParams) => ({ orderId: order._id, version: order.updatedAt, error: null })),
    clear: assign({ orderId: null, version: null, error: null }),
  },
  guards: {
    canReprint: (_, { order }: OrderParams) => canReprint(order),
  },
}).createMachine({
  id: 'reprint',
  context: { orderId: null, version: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'print.again': {
          guard: { type: 'canReprint', params: orderParams },
          target: 'printing',
          actions: { type: 'takeOrder', params: orderParams },
        },
      },
    },
    printing: {
      tags: ['printing'],
      invoke: {
        id: 'reprint',
        src: 'reprint',
        input: ({ context }) => ({ orderId: context.orderId! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reprinted', params: ({ event }) => ({ order: event.output }) },
            { type: 'notify', params: { kind: 'success', text: uzKitchen.reprintSent } },
            'clear',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failure(event.error) }),
        },
      },
    },
    /** The reason stays under the order's button: pressing it (or another order's) tries again. */
    failed: {
      on: {
        'print.again': {
          guard: { type: 'canReprint', params: orderParams },
          target: 'printing',
          actions: { type: 'takeOrder', params: orderParams },
        },
      },
    },
  },
});
