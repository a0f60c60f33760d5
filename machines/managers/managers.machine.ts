import { assign, setup } from 'xstate';
import type { Manager } from '../../client/types';
import { uz } from '../../lib/uz';
import { confirmingState, deleteActors } from '../shared/deleteRegion';
import { serverMessage } from '../shared/errors';
import {
  initialListQuery,
  type ListQuery,
  pageParams,
  type StatusFilter,
  setQueryAction,
  setStatusAction,
} from '../shared/listQuery';
import { pagedListRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { deleteManagerActor, managersActors } from './managers.actors';

/**
 * The admin's managers screen: list, deactivate/activate, and delete after Ha / Yo‘q (the server refuses while
 * the manager still has restaurants, and says so). Deactivating asks first too: it logs the manager
 * out at once, so a slip of the finger must not do it; activating does no harm and runs at once. Create and edit go
 * through the manager dialog.
 *
 * The list is one page from the server with a search (in the login) and a status filter. Every change
 * of what is shown enters `loading` again, which stops the call running, so an older answer never replaces a newer
 * one; typing waits in `typing` for a pause first. While a question is open or a change runs, the search box still
 * takes what is typed (kept in context) and the list follows when it is back.
 */

export interface ManagersContext extends ListQuery {
  /** The rows of the page shown. */
  managers: Manager[];
  /** Managers matching the search and filter, in all pages. */
  total: number;
  /** What `managers` was loaded for: a search typed during a question or a change is asked for after it. */
  shown: Omit<ListQuery, 'page'> | null;
  /** The manager a delete or an activation change is running for. */
  targetId: string | null;
}

export type ManagersEvent =
  | { type: 'managers.reload' }
  | { type: 'managers.retry' }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'search.change'; value: string }
  | { type: 'filter.status'; value: StatusFilter }
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

const types = {} as { context: ManagersContext; events: ManagersEvent };

const list = pagedListRegion({
  types,
  load: { name: 'loadManagers', actor: managersActors.loadManagers, input: pageParams },
  loaded: (context, output) => ({
    managers: output.data,
    total: output.total,
    shown: { query: context.query, status: context.status },
  }),
  counted: (output) => ({ total: output.total, rows: output.data.length }),
  // A failed load keeps the rows shown (with the error above them).
  retry: 'managers.retry',
  reload: 'managers.reload',
});

export const managersMachine = setup({
  types: {
    context: {} as ManagersContext,
    events: {} as ManagersEvent,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: { ...list.actors, setActive: managersActors.setActive, ...deleteActors(deleteManagerActor) },
  actions: {
    notify: (_, _params: Notice) => {},
    ...list.actions,
  },
  guards: {
    ...list.guards,
    /** The search or filter changed since the rows shown were loaded (typed while a question was open). */
    shownIsStale: ({ context }) =>
      context.shown !== null && (context.shown.query !== context.query || context.shown.status !== context.status),
    managerExists: ({ context }, { id }: { id: string }) => find(context, id) !== undefined,
    isActiveManager: ({ context }, { id }: { id: string }) => find(context, id)?.is_active === true,
  },
}).createMachine({
  id: 'managers',
  context: { ...initialListQuery, managers: [], total: 0, shown: null, targetId: null },
  initial: 'loading',
  // Outside the states that show the list (a question open, a change running) the search box still takes what is
  // typed; `ready` then asks for it.
  on: { 'search.change': { actions: setQueryAction }, 'filter.status': { actions: setStatusAction } },
  states: {
    loading: list.states.loading,
    typing: list.states.typing,
    failed: list.states.failed,
    ready: {
      entry: assign({ targetId: null }),
      on: {
        ...list.states.ready.on,
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
    /**
     * Back from a question or a change to the list, or to a new load when the search or filter changed meanwhile
     * (typed into the box while the change ran): never rested in.
     */
    back: { always: [{ guard: 'shownIsStale', target: 'loading' }, { target: 'ready' }] },
    /** "O'chirib qo'yish" was pressed: the question says what it does; Ha deactivates, Yo‘q changes nothing. */
    confirmingDeactivate: {
      on: {
        'confirm.yes': { target: 'toggling' },
        'confirm.no': { target: 'back' },
      },
    },
    /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
    confirmingDelete: confirmingState({
      types,
      target: (context) => ({ id: context.targetId ?? '' }),
      back: 'back',
      deleted: { target: 'loading', notice: { kind: 'success', text: uz.managerDeleted } },
      failed: { notice: (error) => ({ kind: 'error', text: failureText(uz.deleteFailed, error) }) },
    }),
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
          target: 'back',
          actions: {
            type: 'notify',
            params: ({ event }) => ({ kind: 'error', text: failureText(uz.editFailed, event.error) }),
          },
        },
      },
    },
  },
});
