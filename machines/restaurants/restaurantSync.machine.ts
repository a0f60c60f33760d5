import { setup } from 'xstate';
import type { SyncAnswer } from '../../client/types';
import { uz } from '../../lib/uz';
import { type Notice, SYNC_ERROR_TOAST_MS } from '../shared/notify';
import { type RestaurantSyncInput, restaurantSyncActors } from './restaurantSync.actors';

/**
 * "Sinxronlash" on an integration restaurant's page (admins: the only role that may sync). The list's sync region
 * (restaurantList.machine) does the same for a row: one sync at a time, the counts it made in a toast, the sync
 * error's toast for 5 s. A finished sync asks the page to load again (`synced`, provided by the screen): the last
 * sync shown there is the one just made.
 */

export type RestaurantSyncEvent = { type: 'restaurant.sync' };

/** The toast of a finished sync: what it created, updated and deactivated. */
export function syncedNotice(answer: SyncAnswer): Notice {
  const { created, updated, deactivated } = answer.data;
  return { kind: 'success', text: uz.restaurantSynced(created, updated, deactivated) };
}

export const syncFailedNotice: Notice = { kind: 'error', text: uz.syncFailed, durationMs: SYNC_ERROR_TOAST_MS };

export const restaurantSyncMachine = setup({
  types: {
    context: {} as RestaurantSyncInput,
    events: {} as RestaurantSyncEvent,
    input: {} as RestaurantSyncInput,
  },
  actors: restaurantSyncActors,
  actions: {
    notify: (_, _params: Notice) => {},
    /** Provided by the screen: load the page again, with the run just recorded. */
    synced: () => {},
  },
}).createMachine({
  id: 'restaurantSync',
  context: ({ input }) => ({ restaurantId: input.restaurantId }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'restaurant.sync': { target: 'syncing' } },
    },
    syncing: {
      invoke: {
        id: 'syncRestaurant',
        src: 'syncRestaurant',
        input: ({ context }) => ({ id: context.restaurantId }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'notify', params: ({ event }) => syncedNotice(event.output) }, 'synced'],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: syncFailedNotice },
        },
      },
    },
  },
});
