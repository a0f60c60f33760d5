import { assign, raise, setup } from 'xstate';
import type { Counts, Restaurant, RestaurantType } from '../../client/types';
import { uz } from '../../lib/uz';
import { deleteActors, deleteRegion } from '../shared/deleteRegion';
import { initialListQuery, type ListQuery, pageParams, type StatusFilter } from '../shared/listQuery';
import { pagedListRegion } from '../shared/listRegion';
import type { Notice } from '../shared/notify';
import { restaurantListActors } from './restaurantList.actors';
import { syncedNotice, syncFailedNotice } from './restaurantSync.machine';
import { deleteRestaurantActor } from './restaurantView.actors';

/**
 * The admin's restaurant list (spec 2.5): one page of restaurants at a time from the server (at
 * thousands of restaurants the whole list was a megabyte), with a search box and status / type filters, the
 * counters, delete after a Ha / Yo‘q confirmation and the sync of integration restaurants. The three run side by
 * side: a sync that takes a minute does not stop paging, and its end reloads the page.
 *
 * Every change of what is shown (page, search, filter) leaves `loading` and enters it again, which stops the call
 * running: an older, slower answer can never replace a newer one. Typing waits in `typing` for a pause first.
 */

export type TypeFilter = 'all' | RestaurantType;

export interface RestaurantListContext extends ListQuery {
  /** The rows of the page shown. */
  restaurants: Restaurant[];
  counts: Counts | null;
  /** Restaurants matching the search and filters, in all pages. */
  total: number;
  type: TypeFilter;
  /** The restaurant a delete is asked or running for. */
  deleteId: string | null;
  /**
   * That restaurant as it was asked for: the question keeps naming it when the page changes under it (a page that
   * was loading when the delete was pressed arrives without it).
   */
  deleteRow: Restaurant | null;
  /** The restaurant being synchronised. */
  syncId: string | null;
}

export type RestaurantListEvent =
  | { type: 'restaurants.reload' }
  | { type: 'restaurants.retry' }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'search.change'; value: string }
  | { type: 'filter.status'; value: StatusFilter }
  | { type: 'filter.type'; value: TypeFilter }
  | { type: 'restaurant.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'restaurant.sync'; id: string };

const find = (context: RestaurantListContext, id: string | null) => context.restaurants.find((r) => r._id === id);

/** The type filter's value reaches `setType` as params, as the search's and the status's do (machines/shared/listQuery). */
const setTypeAction = {
  type: 'setType',
  params: ({ event }: { event: { value: TypeFilter } }) => ({ value: event.value }),
} as const;

const list = pagedListRegion({
  types: {} as { context: RestaurantListContext; events: RestaurantListEvent },
  load: {
    name: 'loadRestaurants',
    actor: restaurantListActors.loadRestaurants,
    input: (context) => ({
      ...pageParams(context),
      ...(context.type === 'all' ? {} : { type: context.type }),
    }),
  },
  loaded: (_, output) => ({ restaurants: output.restaurants, counts: output.counts, total: output.total }),
  counted: (output) => ({ total: output.total, rows: output.restaurants.length }),
  filters: { 'filter.type': { target: 'loading', reenter: true, actions: setTypeAction } },
  // A failed load keeps the rows shown (with the error above them): a failed search does not empty the screen.
  retry: 'restaurants.retry',
  reload: 'restaurants.reload',
});

const removal = deleteRegion({
  types: {} as { context: RestaurantListContext; events: RestaurantListEvent },
  ask: {
    event: 'restaurant.delete',
    exists: (context, id) => find(context, id) !== undefined,
    remember: (context, id) => ({ deleteId: id, deleteRow: find(context, id) ?? null }),
  },
  target: (context) => ({ slug: context.deleteRow?.slug ?? '' }),
  forget: { deleteId: null, deleteRow: null },
  deleted: { notice: { kind: 'success', text: uz.restaurantDeleted }, reload: { type: 'restaurants.reload' } },
  failed: { notice: { kind: 'error', text: uz.deleteFailed } },
});

export const restaurantListMachine = setup({
  types: {
    context: {} as RestaurantListContext,
    events: {} as RestaurantListEvent,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: {
    ...list.actors,
    syncRestaurant: restaurantListActors.syncRestaurant,
    ...deleteActors(deleteRestaurantActor),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    ...list.actions,
    setType: assign((_, { value }: { value: TypeFilter }) => ({ type: value, page: 1 })),
  },
  guards: {
    ...list.guards,
    isIntegration: ({ context }, { id }: { id: string }) => find(context, id)?.type === 'integration',
  },
}).createMachine({
  id: 'restaurantList',
  context: {
    ...initialListQuery,
    restaurants: [],
    counts: null,
    total: 0,
    type: 'all',
    deleteId: null,
    deleteRow: null,
    syncId: null,
  },
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: list.states,
      // The reload is not handled on `data` itself: re-entering a region of a parallel state would re-enter its
      // siblings too (a pending delete confirmation would close).
    },
    removal,
    sync: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'restaurant.sync': {
              guard: { type: 'isIntegration', params: ({ event }) => ({ id: event.id }) },
              target: 'syncing',
              actions: assign({ syncId: ({ event }) => event.id }),
            },
          },
        },
        syncing: {
          invoke: {
            id: 'syncRestaurant',
            src: 'syncRestaurant',
            input: ({ context }) => ({ id: context.syncId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ syncId: null }),
                { type: 'notify', params: ({ event }) => syncedNotice(event.output) },
                raise({ type: 'restaurants.reload' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [assign({ syncId: null }), { type: 'notify', params: syncFailedNotice }],
            },
          },
        },
      },
    },
  },
});
