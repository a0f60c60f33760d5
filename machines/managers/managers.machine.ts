import { assign, setup } from 'xstate';
import type { Manager } from '../../client/types';
import { uz } from '../../lib/uz';
import { serverMessage } from '../shared/errors';
import type { Notice } from '../shared/notify';
import { managersActors } from './managers.actors';

/**
 * The admin's managers screen: list, deactivate/activate, and delete after Ha / Yo‘q (the server refuses while
 * the manager still has restaurants, and says so). Create and edit go through the manager dialog.
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
  },
  actors: managersActors,
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    managerExists: ({ context, event }) =>
      (event.type === 'manager.delete' || event.type === 'manager.toggleActive') &&
      find(context, event.id) !== undefined,
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
          guard: 'managerExists',
          target: 'confirmingDelete',
          actions: assign({ targetId: ({ event }) => event.id }),
        },
        'manager.toggleActive': {
          guard: 'managerExists',
          target: 'toggling',
          actions: assign({ targetId: ({ event }) => event.id }),
        },
      },
    },
    confirmingDelete: {
      on: {
        'confirm.yes': { target: 'deleting' },
        'confirm.no': { target: 'ready' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteManager',
        src: 'deleteManager',
        input: ({ context }) => ({ id: context.targetId ?? '' }),
        onDone: {
          target: 'loading',
          actions: { type: 'notify', params: { kind: 'success', text: uz.managerDeleted } },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ kind: 'error', text: failureText(uz.deleteFailed, event.error) }),
          },
        },
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
