import { assign, setup } from 'xstate';
import { ApiError } from '../../client/client';
import type { StaffOrder } from '../../client/orders';
import { uzKitchen } from '../../lib/uz-kitchen';
import { canServeLine } from './kitchen.rules';
import { lineServeActors } from './lineServe.actors';

/**
 * "Berildi" on a ready line of an order (the waiter carried that dish): the line moves to served
 * (PUT /manager/orders/{id}/items/{index}), one line at a time; while it runs the other lines' buttons wait. The
 * answered order goes into the screen's list as any update of it does (`moved`, which React provides: the orders
 * machine merges it by updatedAt). A refusal (409: the line moved meanwhile, the order was closed) or no answer stays
 * under that line with the reason, for as long as the card shows the order as it was when the button was pressed.
 */

export interface LineServeContext {
  orderId: string | null;
  index: number | null;
  /** The order's updatedAt when the button was pressed: a refusal is about that copy of it. */
  version: string | null;
  error: string | null;
}

export type LineServeEvent = { type: 'line.serve'; order: StaffOrder; index: number };

type LineParams = { order: StaffOrder; index: number };

const lineParams = ({ event }: { event: LineServeEvent }) => ({ order: event.order, index: event.index });

/** The server's reason (a 409 says why; no answer is the client's networkError), or a general one. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : uzKitchen.lineServeFailed;

export const lineServeMachine = setup({
  types: {
    context: {} as LineServeContext,
    events: {} as LineServeEvent,
  },
  actors: lineServeActors,
  actions: {
    /** React merges the answered order into the orders screen's list. */
    moved: (_, _params: { order: StaffOrder }) => {},
    takeLine: assign((_, { order, index }: LineParams) => ({
      orderId: order._id,
      index,
      version: order.updatedAt,
      error: null,
    })),
    clear: assign({ orderId: null, index: null, version: null, error: null }),
  },
  guards: {
    canServe: (_, { order, index }: LineParams) => canServeLine(order, index),
  },
}).createMachine({
  id: 'lineServe',
  context: { orderId: null, index: null, version: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'line.serve': {
          guard: { type: 'canServe', params: lineParams },
          target: 'serving',
          actions: { type: 'takeLine', params: lineParams },
        },
      },
    },
    serving: {
      tags: ['serving'],
      invoke: {
        id: 'serveLine',
        src: 'serveLine',
        input: ({ context }) => ({ orderId: context.orderId!, index: context.index! }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'moved', params: ({ event }) => ({ order: event.output }) }, 'clear'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failure(event.error) }),
        },
      },
    },
    /** The reason stays under the line: pressing it (or another ready line's) tries again. */
    failed: {
      on: {
        'line.serve': {
          guard: { type: 'canServe', params: lineParams },
          target: 'serving',
          actions: { type: 'takeLine', params: lineParams },
        },
      },
    },
  },
});
