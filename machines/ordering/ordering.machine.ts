import { and, assign, not, raise, sendParent, setup, stateIn } from 'xstate';
import { noSaveOrderActor } from './ordering.actors';
import { canMoveTo, moveTo, orderKey, sameOrder, withoutId } from './ordering.rules';

/**
 * The custom display order of one list (a restaurant's categories, a category's products), spawned by the list's
 * machine as its child `ordering`. A drag moves the row live while the pointer hovers other rows; the drop (or
 * one keyboard step on the handle) stores the order in localStorage (spec 4) and saves it on the server
 * (PUT …/order), so every device and the public menu show it. Saves never overlap: an order changed while one
 * is running is sent when it ends. A refused save puts back the server's order and tells the parent
 * (`order.failed`), which reloads. The server's order, answered by every load, wins over a stored one: the
 * stored order mirrors what this device last showed.
 */

export interface OrderingInput {
  /** CATEGORY_ORDER_PREFIX or PRODUCT_ORDER_PREFIX. */
  prefix: string;
  /** Products: moves stay within a page of this size (spec 4). Categories: null. */
  pageSize: number | null;
}

export interface OrderingContext extends OrderingInput {
  /** The restaurant (categories) or category (products) the order belongs to; known after the first load. */
  scopeId: string | null;
  /** The order shown. */
  ids: string[];
  /** The order the server has. */
  saved: string[];
  /** The order when the running drag started (a cancelled drag goes back to it). */
  before: string[];
  /** The order the running save sends. */
  sending: string[];
}

export type OrderingEvent =
  | { type: 'order.reset'; scopeId: string; ids: string[] }
  | { type: 'order.start'; id: string }
  | { type: 'order.move'; id: string; overId: string }
  | { type: 'order.drop' }
  | { type: 'order.cancel' }
  | { type: 'order.step'; id: string; delta: -1 | 1 }
  | { type: 'order.forget'; id: string }
  | { type: 'order.commit' };

export type { SaveOrderInput } from './ordering.actors';

/** The shown order under its scope's key. */
const storeCurrent = {
  type: 'storeOrder',
  params: ({ context }: { context: OrderingContext }) => ({
    key: context.scopeId ? orderKey(context.prefix, context.scopeId) : '',
    ids: context.ids,
  }),
} as const;

const indexOf = (context: OrderingContext, id: string) => context.ids.indexOf(id);

export const orderingMachine = setup({
  types: {
    context: {} as OrderingContext,
    events: {} as OrderingEvent,
    input: {} as OrderingInput,
  },
  actors: {
    /** Provided by the list: PUT /manager/category/order or PUT /manager/products/order. */
    saveOrder: noSaveOrderActor,
  },
  actions: {
    /** Provided by React: localStorage.setItem(key, JSON.stringify(ids)); an empty key (no scope yet) stores nothing. */
    storeOrder: (_, _params: { key: string; ids: string[] }) => {},
    /**
     * Provided by the list that spawns it (`sendParent({ type: 'order.failed' })`, see orderingChild): the list
     * reloads. A no-op alone, so the machine can be walked and tested without a parent.
     */
    reportFailure: () => {},
  },
  guards: {
    canMove: ({ context }, { id, overId }: { id: string; overId: string }) =>
      indexOf(context, overId) >= 0 && canMoveTo(context.ids, id, indexOf(context, overId), context.pageSize),
    canStep: ({ context }, { id, delta }: { id: string; delta: number }) =>
      canMoveTo(context.ids, id, indexOf(context, id) + delta, context.pageSize),
    changedByDrag: ({ context }) => !sameOrder(context.before, context.ids),
    hasScope: ({ context }) => context.scopeId !== null,
    /** After a save: the shown order moved on meanwhile and no drag is running, so send it too. */
    unsentChanges: ({ context }) => !sameOrder(context.ids, context.sending),
  },
}).createMachine({
  id: 'ordering',
  context: ({ input }) => ({ ...input, scopeId: null, ids: [], saved: [], before: [], sending: [] }),
  type: 'parallel',
  on: {
    // Every load of the list: the server's order is shown and stored.
    'order.reset': {
      target: '.drag.idle',
      actions: [
        assign(({ event }) => ({ scopeId: event.scopeId, ids: event.ids, saved: event.ids, before: event.ids })),
        storeCurrent,
      ],
    },
    // Spec 4: deleting removes the id from the stored order.
    'order.forget': {
      actions: [
        assign(({ context, event }) => ({
          ids: withoutId(context.ids, event.id),
          saved: withoutId(context.saved, event.id),
          before: withoutId(context.before, event.id),
          sending: withoutId(context.sending, event.id),
        })),
        storeCurrent,
      ],
    },
  },
  states: {
    drag: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'order.start': {
              guard: 'hasScope',
              target: 'dragging',
              actions: assign({ before: ({ context }) => context.ids }),
            },
            // The keyboard: one step up or down on the focused handle is a whole move.
            'order.step': {
              guard: { type: 'canStep', params: ({ event }) => ({ id: event.id, delta: event.delta }) },
              actions: [
                assign({
                  ids: ({ context, event }) => moveTo(context.ids, event.id, indexOf(context, event.id) + event.delta),
                }),
                storeCurrent,
                raise({ type: 'order.commit' }),
              ],
            },
          },
        },
        dragging: {
          on: {
            'order.move': {
              guard: { type: 'canMove', params: ({ event }) => ({ id: event.id, overId: event.overId }) },
              actions: assign({
                ids: ({ context, event }) => moveTo(context.ids, event.id, indexOf(context, event.overId)),
              }),
            },
            'order.drop': [
              { guard: 'changedByDrag', target: 'idle', actions: [storeCurrent, raise({ type: 'order.commit' })] },
              { target: 'idle' },
            ],
            // Dropped outside the list (or Escape): the order goes back.
            'order.cancel': { target: 'idle', actions: assign({ ids: ({ context }) => context.before }) },
          },
        },
      },
    },
    save: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'order.commit': { target: 'saving' } },
        },
        saving: {
          entry: assign({ sending: ({ context }) => context.ids }),
          invoke: {
            id: 'saveOrder',
            src: 'saveOrder',
            input: ({ context }) => ({ scopeId: context.scopeId ?? '', ids: context.ids }),
            onDone: [
              {
                guard: and(['unsentChanges', not(stateIn('#ordering.drag.dragging'))]),
                target: 'saving',
                reenter: true,
                actions: assign({ saved: ({ context }) => context.sending }),
              },
              { target: 'idle', actions: assign({ saved: ({ context }) => context.sending }) },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ ids: ({ context }) => context.saved, before: ({ context }) => context.saved }),
                storeCurrent,
                'reportFailure',
              ],
            },
          },
        },
      },
    },
  },
});

/** The ordering machine as a list's child: a refused save tells the list (`order.failed`). */
export const orderingChild = orderingMachine.provide({
  actions: { reportFailure: sendParent({ type: 'order.failed' }) },
});
