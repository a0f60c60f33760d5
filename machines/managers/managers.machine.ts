import { assign, forwardTo, setup } from 'xstate';
import type { Manager } from '../../client/types';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, deleteError, outcomeIs } from '../shared/confirmDelete.machine';
import { serverMessage } from '../shared/errors';
import type { Notice } from '../shared/notify';
import { deleteManagerActor, managersActors } from './managers.actors';

/**
 * The admin's managers screen: list, deactivate/activate, and delete after Ha / Yo‘q (the server refuses while
 * the manager still has restaurants, and says so). Deactivating asks first too (issue 12 #13): it logs the manager
 * out at once, so a slip of the finger must not do it; activating does no harm and runs at once. Create and edit go
 * through the manager dialog.
 */

export interface ManagersContext {
  managers: Manager[];
  /** The manager a delete or an activation change is running for. */
  targetId: string | null;
}

export type ManagersEvent =
  | { type: 'managers.reload' }
  | { type: 'managers.retry' }
  | { type: 'manager.delete'; id: string }
  | { type: 'manager.toggleActive'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

const find = (context: ManagersContext, id: string | null) => context.managers.find((m) => m._id === id);
/** The spec's failure text, followed by the server's reason when it gave one (e.g. the manager has restaurants). */
const failureText = (text: string, error: unknown) => {
  const reason = serverMessage(error);
  return reason ? `${text} ${reason}` : text;
};

export const managersMachine = setup({
  types: {
    context: {} as ManagersContext,
    events: {} as ManagersEvent,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: { ...managersActors, confirmDelete: confirmDeleteWith(deleteManagerActor) },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    managerExists: ({ context }, { id }: { id: string }) => find(context, id) !== undefined,
    isActiveManager: ({ context }, { id }: { id: string }) => find(context, id)?.is_active === true,
  },
}).createMachine({
  id: 'managers',
  context: { managers: [], targetId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadManagers',
        src: 'loadManagers',
        input: () => ({}),
        onDone: { target: 'ready', actions: assign({ managers: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'managers.retry': { target: 'loading' } } },
    ready: {
      entry: assign({ targetId: null }),
      on: {
        'managers.reload': { target: 'loading' },
        'manager.delete': {
          guard: { type: 'managerExists', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: assign({ targetId: ({ event }) => event.id }),
        },
        'manager.toggleActive': [
          {
            guard: { type: 'isActiveManager', params: ({ event }) => ({ id: event.id }) },
            target: 'confirmingDeactivate',
            actions: assign({ targetId: ({ event }) => event.id }),
          },
          {
            guard: { type: 'managerExists', params: ({ event }) => ({ id: event.id }) },
            target: 'toggling',
            actions: assign({ targetId: ({ event }) => event.id }),
          },
        ],
      },
    },
    /** "O'chirib qo'yish" was pressed: the question says what it does; Ha deactivates, Yo‘q changes nothing. */
    confirmingDeactivate: {
      on: {
        'confirm.yes': { target: 'toggling' },
        'confirm.no': { target: 'ready' },
      },
    },
    /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
    confirmingDelete: {
      // The dialog's answers go to the cycle.
      on: {
        'confirm.yes': { actions: forwardTo('confirmDelete') },
        'confirm.no': { actions: forwardTo('confirmDelete') },
      },
      invoke: {
        id: 'confirmDelete',
        src: 'confirmDelete',
        input: ({ context }) => ({ target: { id: context.targetId ?? '' } }),
        onDone: [
          {
            guard: outcomeIs('deleted'),
            target: 'loading',
            actions: { type: 'notify', params: { kind: 'success', text: uz.managerDeleted } },
          },
          {
            guard: outcomeIs('failed'),
            target: 'ready',
            actions: {
              type: 'notify',
              params: ({ event }) => ({ kind: 'error', text: failureText(uz.deleteFailed, deleteError(event.output)) }),
            },
          },
          { target: 'ready' },
        ],
        // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
        onError: { target: 'ready' },
      },
    },
    toggling: {
      invoke: {
        id: 'setActive',
        src: 'setActive',
        input: ({ context }) => ({
          id: context.targetId ?? '',
          is_active: !find(context, context.targetId)?.is_active,
        }),
        onDone: { target: 'loading', actions: { type: 'notify', params: { kind: 'success', text: uz.managerEdited } } },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ kind: 'error', text: failureText(uz.editFailed, event.error) }),
          },
        },
      },
    },
  },
});
