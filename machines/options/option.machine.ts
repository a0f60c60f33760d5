import { type ActorRefFrom, assign, enqueueActions, forwardTo, sendParent, setup } from 'xstate';
import type { OptionRow } from '../../client/options';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, deleteError, outcomeIs } from '../shared/confirmDelete.machine';
import type { Notice } from '../shared/notify';
import { deleteOptionActor, loadRowsActor } from './option.actors';
import { isServerError, type OptionSummary, rowActorId } from './options.rules';
import { rowChild, type rowMachine } from './row.machine';

/**
 * One option card (spec 2.10) with one spawned child actor per row (rowMachine). It expands and collapses,
 * takes the option's new name and the rows the dialogs answer (`row.saved`: a new row is spawned, an edited one is
 * handed to its actor), and deletes itself after 'Bu variantni o'chirishni xohlaysizmi?'. Given no rows, it loads
 * them (GET /manager/product-option-row/{optionId}: the /product-option-row/{id} screen).
 */

export interface OptionInput {
  option: OptionSummary;
  /** The rows the option list answered; absent: loaded by the card. */
  rows?: OptionRow[];
  expanded?: boolean;
}

export interface OptionContext {
  option: OptionSummary;
  initialRows: OptionRow[] | null;
  expanded: boolean;
  rows: Array<ActorRefFrom<typeof rowMachine>>;
}

export type OptionEvent =
  | { type: 'option.toggle' }
  | { type: 'option.update'; option: OptionSummary }
  | { type: 'option.delete' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'rows.retry' }
  /** From the row dialog: a created or edited row of this option. */
  | { type: 'row.saved'; row: OptionRow }
  /** From a row actor: it was deleted. */
  | { type: 'row.removed'; id: string };

export const optionMachine = setup({
  types: { context: {} as OptionContext, events: {} as OptionEvent, input: {} as OptionInput },
  actors: {
    row: rowChild,
    loadRows: loadRowsActor,
    confirmDelete: confirmDeleteWith(deleteOptionActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by the option list (optionChild: `sendParent`); a no-op alone (the rows screen has no list). */
    reportRemoved: (_, _params: { id: string }) => {},
    spawnRows: assign({
      rows: ({ context, spawn }, params: { rows: OptionRow[] }) => [
        ...context.rows,
        ...params.rows.map((row) => spawn('row', { id: rowActorId(row), input: { row } })),
      ],
    }),
  },
  guards: {
    hasRows: ({ context }) => context.initialRows !== null,
    isExpanded: ({ context }) => context.expanded,
    isServerError: (_, { error }: { error: unknown }) => isServerError({ error }),
    knowsRow: ({ context }, { row }: { row: OptionRow }) => context.rows.some((ref) => ref.id === rowActorId(row)),
  },
}).createMachine({
  id: 'option',
  context: ({ input }) => ({
    option: input.option,
    initialRows: input.rows ?? null,
    expanded: input.expanded ?? false,
    rows: [],
  }),
  type: 'parallel',
  on: {
    'option.update': { actions: assign({ option: ({ event }) => event.option }) },
  },
  states: {
    card: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'isExpanded', target: 'expanded' }, { target: 'collapsed' }] },
        collapsed: { on: { 'option.toggle': { target: 'expanded' } } },
        expanded: { on: { 'option.toggle': { target: 'collapsed' } } },
      },
    },
    rows: {
      initial: 'choosing',
      states: {
        choosing: {
          always: [
            {
              guard: 'hasRows',
              target: 'ready',
              actions: { type: 'spawnRows', params: ({ context }) => ({ rows: context.initialRows ?? [] }) },
            },
            { target: 'loading' },
          ],
        },
        loading: {
          invoke: {
            id: 'loadRows',
            src: 'loadRows',
            input: ({ context }) => ({ optionId: context.option._id }),
            onDone: {
              target: 'ready',
              actions: { type: 'spawnRows', params: ({ event }) => ({ rows: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isServerError', params: ({ event }) => ({ error: event.error }) },
                target: 'failed',
                actions: { type: 'notify', params: { kind: 'error', text: uz.optLoadFailed } },
              },
              { target: 'failed' },
            ],
          },
        },
        failed: { on: { 'rows.retry': { target: 'loading' } } },
        ready: {
          on: {
            'row.saved': [
              {
                guard: { type: 'knowsRow', params: ({ event }) => ({ row: event.row }) },
                actions: enqueueActions(({ enqueue, event }) => {
                  enqueue.sendTo(rowActorId(event.row), { type: 'row.update', row: event.row });
                }),
              },
              { actions: { type: 'spawnRows', params: ({ event }) => ({ rows: [event.row] }) } },
            ],
            'row.removed': {
              actions: assign({
                rows: ({ context, event }) => context.rows.filter((ref) => ref.id !== rowActorId({ _id: event.id })),
              }),
            },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { 'option.delete': { target: 'confirming' } } },
        /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
        confirming: {
          // The dialog's answers go to the cycle.
          on: {
            'confirm.yes': { actions: forwardTo('confirmDelete') },
            'confirm.no': { actions: forwardTo('confirmDelete') },
          },
          invoke: {
            id: 'confirmDelete',
            src: 'confirmDelete',
            input: ({ context }) => ({ target: { id: context.option._id } }),
            onDone: [
              {
                guard: outcomeIs('deleted'),
                target: 'removed',
                actions: [
                  { type: 'notify', params: { kind: 'success', text: uz.optionDeleted } },
                  { type: 'reportRemoved', params: ({ context }) => ({ id: context.option._id }) },
                ],
              },
              {
                guard: ({ event }) => isServerError({ error: deleteError(event.output) }),
                target: 'idle',
                actions: { type: 'notify', params: { kind: 'error', text: uz.optDeleteFailed } },
              },
              { target: 'idle' },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle' },
          },
        },
        removed: {},
      },
    },
  },
});

/** An option card as the option list's child: its deletion is reported to the list (`option.removed`). */
export const optionChild = optionMachine.provide({
  actions: { reportRemoved: sendParent((_, params: { id: string }) => ({ type: 'option.removed', id: params.id })) },
});
