import { assign, forwardTo, sendParent, setup } from 'xstate';
import type { OptionRow } from '../../client/options';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, deleteError, outcomeIs } from '../shared/confirmDelete.machine';
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
  actors: { confirmDelete: confirmDeleteWith(deleteRowActor) },
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
    confirming: {
      // The dialog's answers go to the cycle.
      on: {
        'confirm.yes': { actions: forwardTo('confirmDelete') },
        'confirm.no': { actions: forwardTo('confirmDelete') },
      },
      invoke: {
        id: 'confirmDelete',
        src: 'confirmDelete',
        input: ({ context }) => ({ target: { id: context.row._id } }),
        onDone: [
          {
            guard: outcomeIs('deleted'),
            target: 'removed',
            actions: [
              { type: 'notify', params: { kind: 'success', text: uz.rowDeleted } },
              { type: 'reportRemoved', params: ({ context }) => ({ id: context.row._id }) },
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
    removed: { type: 'final' },
  },
});

/** A row as its option card's child: its deletion is reported to the card (`row.removed`). */
export const rowChild = rowMachine.provide({
  actions: { reportRemoved: sendParent((_, params: { id: string }) => ({ type: 'row.removed', id: params.id })) },
});
