import { assign, forwardTo, raise, setup } from 'xstate';
import type { Counts, Restaurant, RestaurantType } from '../../client/types';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, outcomeIs } from '../shared/confirmDelete.machine';
import {
  initialListQuery,
  type ListQuery,
  pageCount,
  pageParams,
  pageToShow,
  SEARCH_DEBOUNCE_MS,
  type StatusFilter,
  setQueryAction,
  setStatusAction,
} from '../shared/listQuery';
import type { Notice } from '../shared/notify';
import { restaurantListActors } from './restaurantList.actors';
import { syncedNotice, syncFailedNotice } from './restaurantSync.machine';
import { deleteRestaurantActor } from './restaurantView.actors';

/**
 * The admin's restaurant list (spec 2.5): one page of restaurants at a time from the server (issue 13 #3: at
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

/** What the list shows can change in every state of `data`: a new search or filter starts again at page 1. */
const whatIsShown = {
  'search.change': { target: 'typing', reenter: true, actions: setQueryAction },
  'filter.status': { target: 'loading', reenter: true, actions: setStatusAction },
  'filter.type': { target: 'loading', reenter: true, actions: setTypeAction },
} as const;

export const restaurantListMachine = setup({
  types: {
    context: {} as RestaurantListContext,
    events: {} as RestaurantListEvent,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: { ...restaurantListActors, confirmDelete: confirmDeleteWith(deleteRestaurantActor) },
  actions: {
    notify: (_, _params: Notice) => {},
    setQuery: assign((_, { value }: { value: string }) => ({ query: value, page: 1 })),
    setStatus: assign((_, { value }: { value: StatusFilter }) => ({ status: value, page: 1 })),
    setType: assign((_, { value }: { value: TypeFilter }) => ({ type: value, page: 1 })),
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCount(context.total),
    hasPrevPage: ({ context }) => context.page > 1,
    restaurantExists: ({ context }, { id }: { id: string }) => find(context, id) !== undefined,
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
      states: {
        loading: {
          invoke: {
            id: 'loadRestaurants',
            src: 'loadRestaurants',
            input: ({ context }) => ({
              ...pageParams(context),
              ...(context.type === 'all' ? {} : { type: context.type }),
            }),
            onDone: [
              {
                // The page asked for is gone (its last rows were deleted): ask for the last page there is.
                guard: ({ context, event }) =>
                  pageToShow(context.page, { total: event.output.total, rows: event.output.restaurants.length }) !==
                  null,
                target: 'loading',
                reenter: true,
                actions: assign({ page: ({ event }) => pageCount(event.output.total) }),
              },
              {
                target: 'ready',
                actions: assign(({ event }) => ({
                  restaurants: event.output.restaurants,
                  counts: event.output.counts,
                  total: event.output.total,
                })),
              },
            ],
            // The rows shown stay (with the error above them): a failed search does not empty the screen.
            onError: { target: 'failed' },
          },
          // A reload while loading starts again (the running call is aborted).
          on: { 'restaurants.reload': { target: 'loading', reenter: true }, ...whatIsShown },
        },
        /** The search text changed: wait for a pause in typing, then ask (page 1). */
        typing: {
          after: { [SEARCH_DEBOUNCE_MS]: { target: 'loading' } },
          on: { 'restaurants.reload': { target: 'loading' }, ...whatIsShown },
        },
        ready: {
          on: {
            'restaurants.reload': { target: 'loading' },
            'page.next': {
              guard: 'hasNextPage',
              target: 'loading',
              actions: assign({ page: ({ context }) => context.page + 1 }),
            },
            'page.prev': {
              guard: 'hasPrevPage',
              target: 'loading',
              actions: assign({ page: ({ context }) => context.page - 1 }),
            },
            ...whatIsShown,
          },
        },
        failed: {
          on: {
            'restaurants.retry': { target: 'loading' },
            'restaurants.reload': { target: 'loading' },
            ...whatIsShown,
          },
        },
      },
      // Not handled on `data` itself: re-entering a region of a parallel state would re-enter its siblings too
      // (a pending delete confirmation would close).
    },
    removal: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'restaurant.delete': {
              guard: { type: 'restaurantExists', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: assign({
                deleteId: ({ event }) => event.id,
                deleteRow: ({ context, event }) => find(context, event.id) ?? null,
              }),
            },
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
            input: ({ context }) => ({ target: { slug: context.deleteRow?.slug ?? '' } }),
            onDone: [
              {
                guard: outcomeIs('deleted'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null, deleteRow: null }),
                  { type: 'notify', params: { kind: 'success', text: uz.restaurantDeleted } },
                  raise({ type: 'restaurants.reload' }),
                ],
              },
              {
                guard: outcomeIs('failed'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null, deleteRow: null }),
                  { type: 'notify', params: { kind: 'error', text: uz.deleteFailed } },
                ],
              },
              { target: 'idle', actions: assign({ deleteId: null, deleteRow: null }) },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle', actions: assign({ deleteId: null, deleteRow: null }) },
          },
        },
      },
    },
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
