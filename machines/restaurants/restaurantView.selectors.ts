import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { restaurantViewMachine } from './restaurantView.machine';

type ViewSnapshot = SnapshotFrom<typeof restaurantViewMachine>;

export const selectIsLoading = (s: ViewSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ViewSnapshot) => s.matches('failed');
export const selectRestaurant = (s: ViewSnapshot) => s.context.restaurant;
export const selectManagerLogin = (s: ViewSnapshot) => s.context.managerLogin;
export const selectIsConfirmingDelete = (s: ViewSnapshot) => s.matches('confirmingDelete');
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: ViewSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectLastSync = (s: ViewSnapshot) => s.context.lastSync;
/**
 * Whether orders go to Telegram, known from the viewer's own read (admins, the owning manager); null for
 * anybody else, who gets no Telegram section.
 */
export const selectTelegramConfigured = (s: ViewSnapshot) => s.context.restaurant?.telegram_configured ?? null;
/** Why Telegram last refused the restaurant's messages for good; null when it did not (or after a delivered test). */
export const selectTelegramError = (s: ViewSnapshot) => s.context.restaurant?.telegram_error ?? null;
