import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { tableListMachine } from './tableList.machine';

type ListSnapshot = SnapshotFrom<typeof tableListMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches({ data: 'loading' });
/** The spinner only while nothing is shown yet (a reload after a save keeps the list in place). */
export const selectShowsSpinner = (s: ListSnapshot) => s.matches({ data: 'loading' }) && s.context.tables.length === 0;
export const selectLoadFailed = (s: ListSnapshot) => s.matches({ data: 'failed' });
export const selectTables = (s: ListSnapshot) => s.context.tables;
export const selectRestaurant = (s: ListSnapshot) =>
  s.context.restaurants.find((r) => r._id === s.context.restaurantId) ?? null;
/** A manager with several restaurants chooses which one's tables are shown. */
export const selectRestaurantChoices = (s: ListSnapshot) =>
  s.context.role === 'manager' && s.context.restaurants.length > 1 ? s.context.restaurants : [];
export const selectIsEmpty = (s: ListSnapshot) =>
  s.matches({ data: 'ready' }) && s.context.restaurantId !== null && s.context.tables.length === 0;
/** Nothing to show tables of: a manager without restaurants, or an admin's unknown restaurant. */
export const selectHasNoRestaurant = (s: ListSnapshot) => s.matches({ data: 'ready' }) && !s.context.restaurantId;
export const selectCanAdd = (s: ListSnapshot) => s.matches({ data: 'ready' }) && s.context.restaurantId !== null;
/** Whether the restaurant takes orders from its tables (off: the codes open the menu only). */
export const selectOrderingEnabled = (s: ListSnapshot) => {
  const restaurant = selectRestaurant(s) as { ordering_enabled?: boolean } | null;
  return restaurant?.ordering_enabled === true;
};
/** The table whose switch call runs (its switch shows it), and whether a switch can be pressed now. */
export const selectTogglingId = (s: ListSnapshot) => (s.matches({ toggle: 'saving' }) ? s.context.toggleId : null);
export const selectCanToggle = (s: ListSnapshot) => s.matches({ toggle: 'idle' });
export const selectCanDelete = (s: ListSnapshot) => s.matches({ removal: 'idle' });
export const selectDeleteTarget = (s: ListSnapshot) =>
  s.matches({ removal: 'idle' }) ? null : (s.context.tables.find((t) => t._id === s.context.deleteId) ?? null);
/** The running confirm-delete cycle: the view reads from it whether the call runs. */
export const selectConfirmDelete = (s: ListSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
/** The pass the QR and card URLs carry (the server refuses them without it). */
export const selectPrintPass = (s: ListSnapshot) => s.context.printPass;
/** Whether a table's QR code can be renewed now (one renewal at a time). */
export const selectCanRenew = (s: ListSnapshot) => s.matches({ renewal: 'idle' });
/** The table whose renewal is asked or running (the warning shows while it is), and whether its call runs. */
export const selectRenewTarget = (s: ListSnapshot) =>
  s.matches({ renewal: 'idle' }) ? null : (s.context.tables.find((t) => t._id === s.context.renewId) ?? null);
export const selectIsRenewing = (s: ListSnapshot) => s.matches({ renewal: 'renewing' });
