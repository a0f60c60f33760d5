import type { SnapshotFrom } from 'xstate';
import type { restaurantViewMachine } from './restaurantView.machine';

type ViewSnapshot = SnapshotFrom<typeof restaurantViewMachine>;

export const selectIsLoading = (s: ViewSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ViewSnapshot) => s.matches('failed');
export const selectRestaurant = (s: ViewSnapshot) => s.context.restaurant;
export const selectManagerLogin = (s: ViewSnapshot) => s.context.managerLogin;
export const selectIsConfirmingDelete = (s: ViewSnapshot) => s.matches('confirmingDelete') || s.matches('deleting');
export const selectIsDeleting = (s: ViewSnapshot) => s.matches('deleting');
export const selectLastSync = (s: ViewSnapshot) => s.context.lastSync;
