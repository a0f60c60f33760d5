import { assign, setup } from 'xstate';
import type { Restaurant, Role, SyncRun } from '../../client/types';
import { uz } from '../../lib/uz';
import type { Notice } from '../shared/notify';
import { restaurantViewActors, type ViewInput } from './restaurantView.actors';

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
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

export const restaurantViewMachine = setup({
  types: {
    context: {} as RestaurantViewContext,
    events: {} as RestaurantViewEvent,
    input: {} as ViewInput,
  },
  actors: restaurantViewActors,
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by React: back to the restaurant list once the restaurant is gone. */
    goToList: () => {},
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
        id: 'deleteRestaurant',
        src: 'deleteRestaurant',
        input: ({ context }) => ({ slug: context.restaurant?.slug ?? '' }),
        onDone: {
          target: 'deleted',
          actions: [{ type: 'notify', params: { kind: 'success', text: uz.restaurantDeleted } }, 'goToList'],
        },
        onError: { target: 'ready', actions: { type: 'notify', params: { kind: 'error', text: uz.deleteFailed } } },
      },
    },
    deleted: { type: 'final' },
  },
});
