import { assign, setup } from 'xstate';
import type { Restaurant, Role, SyncRun } from '../../client/types';
import { uz } from '../../lib/uz';
import { confirmingState, deleteActors } from '../shared/deleteRegion';
import type { Notice } from '../shared/notify';
import { deleteRestaurantActor, restaurantViewActors, type ViewInput } from './restaurantView.actors';

/** Spec 2.6: one restaurant; an admin may delete it (after Ha / Yo‘q), after which the list is shown. */

export interface RestaurantViewContext {
  input: ViewInput;
  restaurant: Restaurant | null;
  managerLogin: string | null;
  /** Integration restaurants (admin): the last sync run, null before the first; undefined when not applicable. */
  lastSync: SyncRun | null | undefined;
}

export type RestaurantViewEvent =
  | { type: 'restaurant.reload' }
  | { type: 'restaurant.retry' }
  | { type: 'restaurant.delete' }
  /** A test message reached the restaurant's Telegram channel, and the server cleared its delivery error. */
  | { type: 'telegram.delivered' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

export const restaurantViewMachine = setup({
  types: {
    context: {} as RestaurantViewContext,
    events: {} as RestaurantViewEvent,
    input: {} as ViewInput,
    children: {} as { confirmDelete: 'confirmDelete' },
  },
  actors: { ...restaurantViewActors, ...deleteActors(deleteRestaurantActor) },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: back to the restaurant list once the restaurant is gone. */
    goToList: () => {},
    clearTelegramError: assign({
      restaurant: ({ context }) =>
        context.restaurant?.telegram_error ? { ...context.restaurant, telegram_error: null } : context.restaurant,
    }),
  },
  guards: {
    isAdmin: ({ context }) => context.input.role === ('admin' satisfies Role),
  },
}).createMachine({
  id: 'restaurantView',
  context: ({ input }) => ({ input, restaurant: null, managerLogin: null, lastSync: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRestaurant',
        src: 'loadRestaurant',
        input: ({ context }) => context.input,
        onDone: {
          target: 'ready',
          actions: assign({
            restaurant: ({ event }) => event.output.restaurant,
            managerLogin: ({ event }) => event.output.managerLogin,
            lastSync: ({ event }) => event.output.lastSync,
          }),
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'restaurant.retry': { target: 'loading' } },
    },
    ready: {
      on: {
        'restaurant.reload': { target: 'loading' },
        'restaurant.delete': { guard: 'isAdmin', target: 'confirmingDelete' },
        // Cleared here rather than by a reload: the page (and the test's result under its button) stays as it is.
        'telegram.delivered': { actions: 'clearTelegramError' },
      },
    },
    /** The question is open and, after Ha, the call runs: the child `confirmDelete`. */
    confirmingDelete: confirmingState({
      types: {} as { context: RestaurantViewContext; events: RestaurantViewEvent },
      target: (context) => ({ slug: context.restaurant?.slug ?? '' }),
      back: 'ready',
      deleted: { target: 'deleted', notice: { kind: 'success', text: uz.restaurantDeleted }, after: 'goToList' },
      failed: { notice: { kind: 'error', text: uz.deleteFailed } },
    }),
    deleted: { type: 'final' },
  },
});
