import { assign, sendParent, setup } from 'xstate';
import type { OptionRow } from '../../client/options';
import { uz } from '../../lib/uz';
import { confirmingState, deleteActors } from '../shared/deleteRegion';
import type { Notice } from '../shared/notify';
import { isServerError } from './options.rules';
import { deleteRowActor } from './row.actors';

/**
 * One option row (spec 2.10), a child actor of its option card: shows its data, takes the edited data the row
 * dialog answers, and deletes itself after 'Bu qatorni o'chirishni xohlaysizmi?' (then tells its option and stops).
 * Spec 8: a failed delete is only reported for HTTP 500.
 */

export interface RowInput {
  row: OptionRow;
}

export type RowEvent =
  | { type: 'row.update'; row: OptionRow }
  | { type: 'row.delete' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

export const rowMachine = setup({
  types: {
    context: {} as { row: OptionRow },
    events: {} as RowEvent,
    input: {} as RowInput,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: deleteActors(deleteRowActor),
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by its option card (rowChild: `sendParent`); a no-op alone, so the machine walks without a parent. */
    reportRemoved: (_, _params: { id: string }) => {},
  },
}).createMachine({
  id: 'row',
  context: ({ input }) => ({ row: input.row }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.update': { actions: assign({ row: ({ event }) => event.row }) },
        'row.delete': { target: 'confirming' },
      },
    },
    /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
    confirming: confirmingState({
      types: {} as { context: { row: OptionRow }; events: RowEvent },
      target: (context) => ({ id: context.row._id }),
      back: 'idle',
      deleted: {
        target: 'removed',
        notice: { kind: 'success', text: uz.rowDeleted },
        after: {
          type: 'reportRemoved',
          params: ({ context }: { context: { row: OptionRow } }) => ({ id: context.row._id }),
        },
      },
      failed: { notice: { kind: 'error', text: uz.optDeleteFailed }, reported: (error) => isServerError({ error }) },
    }),
    removed: { type: 'final' },
  },
});

/** A row as its option card's child: its deletion is reported to the card (`row.removed`). */
export const rowChild = rowMachine.provide({
  actions: { reportRemoved: sendParent((_, params: { id: string }) => ({ type: 'row.removed', id: params.id })) },
});
