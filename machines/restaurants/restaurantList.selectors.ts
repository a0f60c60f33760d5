import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import { PAGE_SIZE, pageCount, type restaurantListMachine } from './restaurantList.machine';

type ListSnapshot = SnapshotFrom<typeof restaurantListMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches({ data: 'loading' });
export const selectLoadFailed = (s: ListSnapshot) => s.matches({ data: 'failed' });
export const selectCounts = (s: ListSnapshot) => s.context.counts;
export const selectPage = (s: ListSnapshot) => s.context.page;
export const selectPageCount = (s: ListSnapshot) => pageCount(s.context.restaurants.length);
/** The rows of the current page, each with its number in the whole list (column #). */
export const selectPageRows = (s: ListSnapshot) => {
  const start = (s.context.page - 1) * PAGE_SIZE;
  return s.context.restaurants
    .slice(start, start + PAGE_SIZE)
    .map((restaurant, i) => ({ restaurant, index: start + i + 1 }));
};
export const selectIsEmpty = (s: ListSnapshot) => s.matches({ data: 'ready' }) && s.context.restaurants.length === 0;
export const selectDeleteTarget = (s: ListSnapshot) =>
  s.matches({ removal: 'idle' }) ? null : (s.context.restaurants.find((r) => r._id === s.context.deleteId) ?? null);
export const selectIsConfirmingDelete = (s: ListSnapshot) => s.matches({ removal: 'confirming' });
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: ListSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectSyncingId = (s: ListSnapshot) => (s.matches({ sync: 'syncing' }) ? s.context.syncId : null);
