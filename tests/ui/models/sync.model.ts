import type { SyncAnswer } from '../../../client/types';
import { type RestaurantSyncEvent, restaurantSyncMachine } from '../../../machines/restaurants/restaurantSync.machine';
import type { ActorEventType, ModelEvent, PathModel } from '../../support/paths';

/** A sync's answer as the server gives it: what it changed and the run it recorded. */
export function syncAnswer(created: number, updated: number, deactivated: number): SyncAnswer {
  const at = '2026-01-01T10:00:00.000Z';
  return {
    data: { created, updated, deactivated },
    run: {
      _id: '00000000-0000-4000-8000-000000000001',
      restaurant_id: '00000000-0000-4000-8000-000000000002',
      started_at: at,
      finished_at: at,
      result: 'ok',
      created,
      updated,
      deactivated,
      error: null,
    },
  };
}

/**
 * "Sinxronlash" on an integration restaurant's page as a test plan: sync, the POS answers (with what changed) or
 * fails, sync again.
 */
export const restaurantSyncModel: PathModel<typeof restaurantSyncMachine> = {
  name: 'restaurantSync',
  machine: restaurantSyncMachine,
  input: { restaurantId: 'r1' },
  events: [
    { type: 'restaurant.sync' },
    { type: 'xstate.done.actor.syncRestaurant', output: syncAnswer(1, 0, 0) },
    { type: 'xstate.error.actor.syncRestaurant', error: new Error('502') },
  ] satisfies Array<ModelEvent & { type: RestaurantSyncEvent['type'] | ActorEventType<'syncRestaurant'> }>,
  describeEvent: (e) =>
    ({
      'restaurant.sync': "press 'Sinxronlash'",
      'xstate.done.actor.syncRestaurant': 'the sync finishes (a dish was added at the till)',
      'xstate.error.actor.syncRestaurant': 'the POS fails during the sync',
    })[e.type] ?? e.type,
};
