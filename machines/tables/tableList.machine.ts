import { assign, setup } from 'xstate';
import type { Table } from '../../client/tables';
import type { Restaurant, Role } from '../../client/types';
import { uzOrdering } from '../../lib/uz-ordering';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { serverMessage } from '../shared/errors';
import { listRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { deleteTableActor, loadTablesActor, renewTokenActor, setTableActiveActor } from './tableList.actors';

/**
 * The "Stollar" screen: a restaurant's tables, each with its QR code and card. Loads the restaurant (its
 * slug builds the codes' URLs) and its tables; a manager with several restaurants chooses one (`tables.choose`,
 * which also makes it the working restaurant through the provided `restaurantChosen`). Switches a table on or off
 * (one call at a time: the other switches wait), and deletes after Ha / Yo‘q (the shared confirm-delete child).
 * A table's QR code is renewed after its own question (the printed code stops working at once): `token.renew`, then
 * `renew.yes` / `renew.no`; the new token replaces the table's, so its link and code change on the card.
 * Adding and renaming are the table dialogs' (tableDialog.machine.ts): after a save the screen sends `tables.reload`.
 */

/**
 * What failed, followed by the server's reason when it gave one ("Stol topilmadi."): the reason alone would not say
 * which action failed.
 */
const failureText = (text: string, error: unknown) => {
  const reason = serverMessage(error);
  if (!reason) return text;
  return /[.!?]$/.test(text) ? `${text} ${reason}` : `${text}: ${reason}`;
};

export interface TableListInput {
  role: Role;
  restaurantId: string | null;
}

export interface TableListContext {
  role: Role;
  restaurantId: string | null;
  restaurants: Restaurant[];
  tables: Table[];
  /** The staff's print pass from the last load: the QR and card URLs carry it (they show the tables' tokens). */
  printPass: string;
  /** The table whose switch was pressed, while its call runs. */
  toggleId: string | null;
  /** The table a delete is asked or running for. */
  deleteId: string | null;
  /** The table a new QR token is asked or being issued for. */
  renewId: string | null;
}

export type TableListEvent =
  | { type: 'tables.reload' }
  | { type: 'tables.retry' }
  | { type: 'tables.choose'; restaurantId: string }
  | { type: 'table.toggle'; id: string }
  | { type: 'table.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'token.renew'; id: string }
  | { type: 'renew.yes' }
  | { type: 'renew.no' };

const types = {} as { context: TableListContext; events: TableListEvent };

const list = listRegion({
  types,
  load: {
    name: 'loadTables',
    actor: loadTablesActor,
    input: (context) => ({ role: context.role, restaurantId: context.restaurantId }),
  },
  loaded: (_, output) => ({
    restaurants: output.restaurants,
    restaurantId: output.restaurantId,
    tables: output.tables,
    printPass: output.printPass,
  }),
  retry: 'tables.retry',
  reload: 'tables.reload',
  failed: { notice: { kind: 'error', text: uzOrdering.tablesLoadFailed } },
});

const removal = deleteRegion({
  types,
  ask: {
    event: 'table.delete',
    exists: (context, id) => context.tables.some((t) => t._id === id),
    remember: (_, id) => ({ deleteId: id }),
  },
  target: (context) => ({ id: context.deleteId ?? '' }),
  forget: { deleteId: null },
  deleted: {
    drop: (context) => ({ tables: context.tables.filter((t) => t._id !== context.deleteId) }),
    notice: { kind: 'success', text: uzOrdering.tableDeleted },
  },
  failed: { notice: (error) => ({ kind: 'error', text: failureText(uzOrdering.tableDeleteFailed, error) }) },
});

export const tableListMachine = setup({
  types: {
    context: {} as TableListContext,
    events: {} as TableListEvent,
    input: {} as TableListInput,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...list.actors,
    setActive: setTableActiveActor,
    renewToken: renewTokenActor,
    ...deleteActors(deleteTableActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: the chosen restaurant becomes the manager's working one (the other screens follow). */
    restaurantChosen: (_, _params: { restaurantId: string }) => {},
    /** A table's new state from the server replaces the one shown. */
    replaceTable: assign(({ context }, { table }: { table: Table }) => ({
      tables: context.tables.map((t) => (t._id === table._id ? table : t)),
    })),
  },
  guards: {
    tableExists: ({ context }, { id }: { id: string }) => context.tables.some((t) => t._id === id),
    isOtherRestaurant: ({ context }, { restaurantId }: { restaurantId: string }) =>
      restaurantId !== context.restaurantId && context.restaurants.some((r) => r._id === restaurantId),
  },
}).createMachine({
  id: 'tableList',
  context: ({ input }) => ({
    role: input.role,
    restaurantId: input.restaurantId,
    restaurants: [],
    tables: [],
    printPass: '',
    toggleId: null,
    deleteId: null,
    renewId: null,
  }),
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: list.states.loading,
        ready: {
          on: {
            ...list.states.ready.on,
            'tables.choose': {
              guard: { type: 'isOtherRestaurant', params: ({ event }) => ({ restaurantId: event.restaurantId }) },
              target: 'loading',
              actions: [
                assign({ restaurantId: ({ event }) => event.restaurantId, tables: [] }),
                { type: 'restaurantChosen', params: ({ event }) => ({ restaurantId: event.restaurantId }) },
              ],
            },
          },
        },
        failed: list.states.failed,
      },
    },
    toggle: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'table.toggle': {
              guard: { type: 'tableExists', params: ({ event }) => ({ id: event.id }) },
              target: 'saving',
              actions: assign({ toggleId: ({ event }) => event.id }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'setActive',
            src: 'setActive',
            input: ({ context }) => ({
              id: context.toggleId ?? '',
              is_active: !context.tables.find((t) => t._id === context.toggleId)?.is_active,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'replaceTable', params: ({ event }) => ({ table: event.output }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'success' as const,
                    text: event.output.is_active
                      ? uzOrdering.tableOn(event.output.name)
                      : uzOrdering.tableOff(event.output.name),
                  }),
                },
                assign({ toggleId: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error' as const,
                    text: failureText(uzOrdering.tableToggleFailed, event.error),
                  }),
                },
                assign({ toggleId: null }),
              ],
            },
          },
        },
      },
    },
    removal,
    renewal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'token.renew': {
              guard: { type: 'tableExists', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign({ renewId: ({ event }) => event.id }),
            },
          },
        },
        /** The warning is open: Ha issues the new token, Yo'q leaves the printed code working. */
        confirming: {
          on: {
            'renew.yes': { target: 'renewing' },
            'renew.no': { target: 'idle', actions: assign({ renewId: null }) },
          },
        },
        renewing: {
          invoke: {
            id: 'renewToken',
            src: 'renewToken',
            input: ({ context }) => ({ id: context.renewId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'replaceTable', params: ({ event }) => ({ table: event.output }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'success' as const,
                    text: uzOrdering.tokenRenewed(event.output.name),
                  }),
                },
                assign({ renewId: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    kind: 'error' as const,
                    text: failureText(uzOrdering.tokenRenewFailed, event.error),
                  }),
                },
                assign({ renewId: null }),
              ],
            },
          },
        },
      },
    },
  },
});
