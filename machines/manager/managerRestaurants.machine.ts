import { assign, setup } from 'xstate';
import type { Restaurant } from '../../client/types';
import { managerRestaurantsActors } from './managerRestaurants.actors';

/**
 * Spec 2.7: the manager's own restaurants ('Loading...', 'No restaurants found.'), reloaded after an update; each load
 * is announced to the session (a renamed or reassigned restaurant is then known there too).
 */

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
  actions: {
    // Provided by React: tells the session what the manager's restaurants are now (names, which still exist).
    announceRestaurants: (_, _params: { restaurants: Restaurant[] }) => {},
  },
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
          {
            guard: 'noneReturned',
            target: 'empty',
            actions: [assign({ restaurants: [] }), { type: 'announceRestaurants', params: { restaurants: [] } }],
          },
          {
            target: 'ready',
            actions: [
              assign({ restaurants: ({ event }) => event.output }),
              { type: 'announceRestaurants', params: ({ event }) => ({ restaurants: event.output }) },
            ],
          },
        ],
        onError: { target: 'failed' },
      },
    },
    ready: { on: { 'restaurants.reload': { target: 'loading' } } },
    empty: { on: { 'restaurants.reload': { target: 'loading' } } },
    failed: { on: { 'restaurants.retry': { target: 'loading' } } },
  },
});
