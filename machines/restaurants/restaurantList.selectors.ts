import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import { isNarrowed, LIST_PAGE_SIZE, pageCount, shownRange } from '../shared/listQuery';
import type { restaurantListMachine } from './restaurantList.machine';

type ListSnapshot = SnapshotFrom<typeof restaurantListMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches({ data: 'loading' });
/** Loading with nothing on screen yet (the first load, or after an empty answer): the screen's spinner. */
export const selectIsFirstLoad = (s: ListSnapshot) =>
  s.matches({ data: 'loading' }) && s.context.restaurants.length === 0;
/** A new page, search or filter is on its way while the rows shown stay: the search box says so. */
export const selectIsReloading = (s: ListSnapshot) =>
  s.matches({ data: 'loading' }) && s.context.restaurants.length > 0;
/** A search or a filter changed and its answer is awaited (typing, or the call running). */
export const selectIsSearching = (s: ListSnapshot) => s.matches({ data: 'loading' }) || s.matches({ data: 'typing' });
export const selectLoadFailed = (s: ListSnapshot) => s.matches({ data: 'failed' });
export const selectCounts = (s: ListSnapshot) => s.context.counts;
export const selectPage = (s: ListSnapshot) => s.context.page;
export const selectPageCount = (s: ListSnapshot) => pageCount(s.context.total);
/** The search box's text and the filters, as the screen shows them. */
export const selectQuery = (s: ListSnapshot) => s.context.query;
export const selectStatusFilter = (s: ListSnapshot) => s.context.status;
export const selectTypeFilter = (s: ListSnapshot) => s.context.type;
/** "11–20 / jami 23" of the matching restaurants. */
export const selectRange = (s: ListSnapshot) =>
  shownRange(s.context.page, s.context.restaurants.length, s.context.total);
/** The rows of the page shown, each with its number among all the matching ones (column #). */
export const selectPageRows = (s: ListSnapshot) => {
  const start = (s.context.page - 1) * LIST_PAGE_SIZE;
  return s.context.restaurants.map((restaurant, i) => ({ restaurant, index: start + i + 1 }));
};
/** Loaded, and nothing to show: no restaurant at all. */
export const selectIsEmpty = (s: ListSnapshot) =>
  s.matches({ data: 'ready' }) &&
  s.context.restaurants.length === 0 &&
  !isNarrowed(s.context, s.context.type !== 'all');
/** Loaded, and the search or filters match nothing. */
export const selectNothingFound = (s: ListSnapshot) =>
  s.matches({ data: 'ready' }) && s.context.restaurants.length === 0 && isNarrowed(s.context, s.context.type !== 'all');
export const selectDeleteTarget = (s: ListSnapshot) => (s.matches({ removal: 'idle' }) ? null : s.context.deleteRow);
export const selectIsConfirmingDelete = (s: ListSnapshot) => s.matches({ removal: 'confirming' });
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: ListSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectSyncingId = (s: ListSnapshot) => (s.matches({ sync: 'syncing' }) ? s.context.syncId : null);
/** Rows are on screen (after a failed reload too: the last loaded ones stay, and a running sync or delete with them). */
export const selectHasRows = (s: ListSnapshot) => s.context.restaurants.length > 0;

/** What the shared paged list screen reads (src/components/PagedListScreen.tsx). */
export const restaurantListSelectors = {
  isFirstLoad: selectIsFirstLoad,
  loadFailed: selectLoadFailed,
  isEmpty: selectIsEmpty,
  nothingFound: selectNothingFound,
  hasRows: selectHasRows,
  range: selectRange,
  deleteTarget: selectDeleteTarget,
  confirmDelete: selectConfirmDelete,
};
