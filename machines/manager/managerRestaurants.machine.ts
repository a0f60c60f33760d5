import { assign, setup } from 'xstate';
import type { Restaurant } from '../../src/api/types';
import { managerRestaurantsActors } from './managerRestaurants.actors';

/** Spec 2.7: the manager's own restaurants ('Loading...', 'No restaurants found.'), reloaded after an update. */

export interface ManagerRestaurantsContext {
  restaurants: Restaurant[];
}

export type ManagerRestaurantsEvent = { type: 'restaurants.reload' } | { type: 'restaurants.retry' };

export const managerRestaurantsMachine = setup({
  types: {
    context: {} as ManagerRestaurantsContext,
    events: {} as ManagerRestaurantsEvent,
  },
  actors: managerRestaurantsActors,
  guards: {
    noneReturned: ({ event }) => (event as { output?: Restaurant[] }).output?.length === 0,
  },
}).createMachine({
  id: 'managerRestaurants',
  context: { restaurants: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMyRestaurants',
        src: 'loadMyRestaurants',
        // The token says whose: no parameters.
        input: () => ({}),
        onDone: [
          { guard: 'noneReturned', target: 'empty', actions: assign({ restaurants: [] }) },
          { target: 'ready', actions: assign({ restaurants: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed' },
      },
    },
    ready: { on: { 'restaurants.reload': { target: 'loading' } } },
    empty: { on: { 'restaurants.reload': { target: 'loading' } } },
    failed: { on: { 'restaurants.retry': { target: 'loading' } } },
  },
});
