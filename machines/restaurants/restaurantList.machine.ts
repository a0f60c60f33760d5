import { assign, forwardTo, raise, setup } from 'xstate';
import type { Counts, Restaurant } from '../../client/types';
import { uz } from '../../lib/uz';
import { confirmDeleteWith, outcomeIs } from '../shared/confirmDelete.machine';
import { type Notice, SYNC_ERROR_TOAST_MS } from '../shared/notify';
import { restaurantListActors } from './restaurantList.actors';
import { deleteRestaurantActor } from './restaurantView.actors';

/**
 * The admin's restaurant list (spec 2.5): loads restaurants and counters, pages them 10 at a time on the client,
 * deletes after a Ha / Yo‘q confirmation and synchronises integration restaurants. The three run side by side:
 * a sync that takes a minute does not stop paging, and its end reloads the list.
 */

export const PAGE_SIZE = 10;

export interface RestaurantListContext {
  restaurants: Restaurant[];
  counts: Counts | null;
  /** 1-based. */
  page: number;
  /** The restaurant a delete is asked or running for. */
  deleteId: string | null;
  /** The restaurant being synchronised. */
  syncId: string | null;
}

export type RestaurantListEvent =
  | { type: 'restaurants.reload' }
  | { type: 'restaurants.retry' }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'restaurant.delete'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'restaurant.sync'; id: string };

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
const find = (context: RestaurantListContext, id: string | null) => context.restaurants.find((r) => r._id === id);

export const restaurantListMachine = setup({
  types: {
    context: {} as RestaurantListContext,
    events: {} as RestaurantListEvent,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: { ...restaurantListActors, confirmDelete: confirmDeleteWith(deleteRestaurantActor) },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    hasNextPage: ({ context }) => context.page < pageCount(context.restaurants.length),
    hasPrevPage: ({ context }) => context.page > 1,
    restaurantExists: ({ context }, { id }: { id: string }) => find(context, id) !== undefined,
    isIntegration: ({ context }, { id }: { id: string }) => find(context, id)?.type === 'integration',
  },
}).createMachine({
  id: 'restaurantList',
  context: { restaurants: [], counts: null, page: 1, deleteId: null, syncId: null },
  type: 'parallel',
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadRestaurants',
            src: 'loadRestaurants',
            // The whole list: no parameters (paging is on the client, spec 2.5).
            input: () => ({}),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                restaurants: event.output.restaurants,
                counts: event.output.counts,
                // Deleting the last row of the last page leaves that page empty: show the one before.
                page: Math.min(context.page, pageCount(event.output.restaurants.length)),
              })),
            },
            onError: { target: 'failed' },
          },
          // A reload while loading starts again (the running call is aborted).
          on: { 'restaurants.reload': { target: 'loading', reenter: true } },
        },
        ready: {
          on: {
            'restaurants.reload': { target: 'loading' },
            'page.next': { guard: 'hasNextPage', actions: assign({ page: ({ context }) => context.page + 1 }) },
            'page.prev': { guard: 'hasPrevPage', actions: assign({ page: ({ context }) => context.page - 1 }) },
          },
        },
        failed: {
          on: { 'restaurants.retry': { target: 'loading' }, 'restaurants.reload': { target: 'loading' } },
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
              actions: assign({ deleteId: ({ event }) => event.id }),
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
            input: ({ context }) => ({ target: { slug: find(context, context.deleteId)?.slug ?? '' } }),
            onDone: [
              {
                guard: outcomeIs('deleted'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null }),
                  { type: 'notify', params: { kind: 'success', text: uz.restaurantDeleted } },
                  raise({ type: 'restaurants.reload' }),
                ],
              },
              {
                guard: outcomeIs('failed'),
                target: 'idle',
                actions: [
                  assign({ deleteId: null }),
                  { type: 'notify', params: { kind: 'error', text: uz.deleteFailed } },
                ],
              },
              { target: 'idle', actions: assign({ deleteId: null }) },
            ],
            // The cycle itself never fails (its call's failure is an outcome); kept for the invoke convention.
            onError: { target: 'idle', actions: assign({ deleteId: null }) },
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
                { type: 'notify', params: { kind: 'success', text: uz.restaurantSynced } },
                raise({ type: 'restaurants.reload' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ syncId: null }),
                { type: 'notify', params: { kind: 'error', text: uz.syncFailed, durationMs: SYNC_ERROR_TOAST_MS } },
              ],
            },
          },
        },
      },
    },
  },
});
