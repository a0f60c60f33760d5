import { type ActorRefFrom, assign, enqueueActions, sendParent, setup } from 'xstate';
import type { OptionRow } from '../../client/options';
import { uz } from '../../lib/uz';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { listRegion } from '../shared/listRegion';
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

const types = {} as { context: OptionContext; events: OptionEvent };

/** The card's rows, when it was given none (the /product-option-row/{id} screen). */
const rowList = listRegion({
  types,
  load: { name: 'loadRows', actor: loadRowsActor, input: (context) => ({ optionId: context.option._id }) },
  alsoLoaded: { type: 'spawnRows', params: (_, output) => ({ rows: output }) },
  retry: 'rows.retry',
  // Spec 8: only a server error is reported; the card shows the failure either way.
  failed: { notice: { kind: 'error', text: uz.optLoadFailed }, reported: (error) => isServerError({ error }) },
});

const removal = deleteRegion({
  types,
  ask: { event: 'option.delete' },
  target: (context) => ({ id: context.option._id }),
  deleted: {
    target: 'removed',
    notice: { kind: 'success', text: uz.optionDeleted },
    after: { type: 'reportRemoved', params: ({ context }: { context: OptionContext }) => ({ id: context.option._id }) },
  },
  // Spec 8: a failed delete is only reported for HTTP 500.
  failed: { notice: { kind: 'error', text: uz.optDeleteFailed }, reported: (error) => isServerError({ error }) },
});

export const optionMachine = setup({
  types: { context: {} as OptionContext, events: {} as OptionEvent, input: {} as OptionInput },
  actors: {
    row: rowChild,
    ...rowList.actors,
    ...deleteActors(deleteOptionActor),
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
        loading: rowList.states.loading,
        failed: rowList.states.failed,
        ready: {
          on: {
            ...rowList.states.ready.on,
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
    removal: { ...removal, states: { ...removal.states, removed: {} } },
  },
});

/** An option card as the option list's child: its deletion is reported to the list (`option.removed`). */
export const optionChild = optionMachine.provide({
  actions: { reportRemoved: sendParent((_, params: { id: string }) => ({ type: 'option.removed', id: params.id })) },
});
