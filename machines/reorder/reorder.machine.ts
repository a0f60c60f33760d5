import { and, assign, not, raise, sendParent, setup, stateIn } from 'xstate';
import { noSavePositionsActor } from './reorder.actors';
import { canMoveTo, moveTo, positionsKey, samePositions, withoutId } from './reorder.rules';

/**
 * Reordering one list (a restaurant's categories, a category's products: their custom display order, spec 4),
 * spawned by the list's machine as its child `reorder`. A drag moves the row live while the pointer hovers other
 * rows; the drop (or one keyboard step on the handle) stores the positions in localStorage (spec 4) and saves them
 * on the server (PUT …/order), so every device and the public menu show them. Saves never overlap: positions
 * changed while one is running are sent when it ends. A refused save puts back the server's positions and tells the
 * parent (`reorder.failed`), which reloads. The server's positions, answered by every load, win over stored ones:
 * the stored positions mirror what this device last showed.
 */

export interface ReorderInput {
  /** CATEGORY_POSITIONS_PREFIX or PRODUCT_POSITIONS_PREFIX. */
  prefix: string;
  /** Products: moves stay within a page of this size (spec 4). Categories: null. */
  pageSize: number | null;
}

export interface ReorderContext extends ReorderInput {
  /** The restaurant (categories) or category (products) the positions belong to; known after the first load. */
  scopeId: string | null;
  /** The positions shown. */
  ids: string[];
  /** The positions the server has. */
  saved: string[];
  /** The positions when the running drag started (a cancelled drag goes back to them). */
  before: string[];
  /** The positions the running save sends. */
  sending: string[];
}

export type ReorderEvent =
  | { type: 'reorder.reset'; scopeId: string; ids: string[] }
  | { type: 'reorder.start'; id: string }
  | { type: 'reorder.move'; id: string; overId: string }
  | { type: 'reorder.drop' }
  | { type: 'reorder.cancel' }
  | { type: 'reorder.step'; id: string; delta: -1 | 1 }
  | { type: 'reorder.forget'; id: string }
  | { type: 'reorder.commit' };

export type { SavePositionsInput } from './reorder.actors';

/** The shown positions under their scope's key. */
const storeCurrent = {
  type: 'storePositions',
  params: ({ context }: { context: ReorderContext }) => ({
    key: context.scopeId ? positionsKey(context.prefix, context.scopeId) : '',
    ids: context.ids,
  }),
} as const;

const indexOf = (context: ReorderContext, id: string) => context.ids.indexOf(id);

export const reorderMachine = setup({
  types: {
    context: {} as ReorderContext,
    events: {} as ReorderEvent,
    input: {} as ReorderInput,
  },
  actors: {
    /** Provided by the list: PUT /manager/category/order or PUT /manager/products/order. */
    savePositions: noSavePositionsActor,
  },
  actions: {
    /** Provided by React: localStorage.setItem(key, JSON.stringify(ids)); an empty key (no scope yet) stores nothing. */
    storePositions: (_, _params: { key: string; ids: string[] }) => {},
    /**
     * Provided by the list that spawns it (`sendParent({ type: 'reorder.failed' })`, see reorderChild): the list
     * reloads. A no-op alone, so the machine can be walked and tested without a parent.
     */
    reportFailure: () => {},
  },
  guards: {
    canMove: ({ context }, { id, overId }: { id: string; overId: string }) =>
      indexOf(context, overId) >= 0 && canMoveTo(context.ids, id, indexOf(context, overId), context.pageSize),
    canStep: ({ context }, { id, delta }: { id: string; delta: number }) =>
      canMoveTo(context.ids, id, indexOf(context, id) + delta, context.pageSize),
    changedByDrag: ({ context }) => !samePositions(context.before, context.ids),
    hasScope: ({ context }) => context.scopeId !== null,
    /** After a save: the shown positions moved on meanwhile and no drag is running, so send it too. */
    unsentChanges: ({ context }) => !samePositions(context.ids, context.sending),
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({ ...input, scopeId: null, ids: [], saved: [], before: [], sending: [] }),
  type: 'parallel',
  on: {
    // Every load of the list: the server's positions are shown and stored.
    'reorder.reset': {
      target: '.drag.idle',
      actions: [
        assign(({ event }) => ({ scopeId: event.scopeId, ids: event.ids, saved: event.ids, before: event.ids })),
        storeCurrent,
      ],
    },
    // Spec 4: deleting removes the id from the stored positions.
    'reorder.forget': {
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
            'reorder.start': {
              guard: 'hasScope',
              target: 'dragging',
              actions: assign({ before: ({ context }) => context.ids }),
            },
            // The keyboard: one step up or down on the focused handle is a whole move.
            'reorder.step': {
              guard: { type: 'canStep', params: ({ event }) => ({ id: event.id, delta: event.delta }) },
              actions: [
                assign({
                  ids: ({ context, event }) => moveTo(context.ids, event.id, indexOf(context, event.id) + event.delta),
                }),
                storeCurrent,
                raise({ type: 'reorder.commit' }),
              ],
            },
          },
        },
        dragging: {
          on: {
            'reorder.move': {
              guard: { type: 'canMove', params: ({ event }) => ({ id: event.id, overId: event.overId }) },
              actions: assign({
                ids: ({ context, event }) => moveTo(context.ids, event.id, indexOf(context, event.overId)),
              }),
            },
            'reorder.drop': [
              { guard: 'changedByDrag', target: 'idle', actions: [storeCurrent, raise({ type: 'reorder.commit' })] },
              { target: 'idle' },
            ],
            // Dropped outside the list (or Escape): the positions go back.
            'reorder.cancel': { target: 'idle', actions: assign({ ids: ({ context }) => context.before }) },
          },
        },
      },
    },
    save: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'reorder.commit': { target: 'saving' } },
        },
        saving: {
          entry: assign({ sending: ({ context }) => context.ids }),
          invoke: {
            id: 'savePositions',
            src: 'savePositions',
            input: ({ context }) => ({ scopeId: context.scopeId ?? '', ids: context.ids }),
            onDone: [
              {
                guard: and(['unsentChanges', not(stateIn('#reorder.drag.dragging'))]),
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

/** The reorder machine as a list's child: a refused save tells the list (`reorder.failed`). */
export const reorderChild = reorderMachine.provide({
  actions: { reportFailure: sendParent({ type: 'reorder.failed' }) },
});
