import type { SnapshotFrom } from 'xstate';
import type { restaurantSyncMachine } from './restaurantSync.machine';

type SyncSnapshot = SnapshotFrom<typeof restaurantSyncMachine>;

export const selectIsSyncing = (s: SyncSnapshot) => s.matches('syncing');
