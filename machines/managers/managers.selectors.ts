import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import { isNarrowed, LIST_PAGE_SIZE, pageCount, shownRange } from '../shared/listQuery';
import type { managersMachine } from './managers.machine';

type Snapshot = SnapshotFrom<typeof managersMachine>;

export const selectIsFirstLoad = (s: Snapshot) => s.matches('loading') && s.context.managers.length === 0;
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
/** A new page, search or filter is on its way while the rows shown stay. */
export const selectIsReloading = (s: Snapshot) => s.matches('loading') && s.context.managers.length > 0;
export const selectManagers = (s: Snapshot) => s.context.managers;
/** The rows of the page shown, each with its number among all the matching ones (column #). */
export const selectPageRows = (s: Snapshot) => {
  const start = (s.context.page - 1) * LIST_PAGE_SIZE;
  return s.context.managers.map((manager, i) => ({ manager, index: start + i + 1 }));
};
export const selectPage = (s: Snapshot) => s.context.page;
export const selectPageCount = (s: Snapshot) => pageCount(s.context.total);
/** "11–20 / jami 23" of the matching managers. */
export const selectRange = (s: Snapshot) => shownRange(s.context.page, s.context.managers.length, s.context.total);
export const selectQuery = (s: Snapshot) => s.context.query;
export const selectStatusFilter = (s: Snapshot) => s.context.status;
/** Loaded, and no manager at all. */
export const selectIsEmpty = (s: Snapshot) =>
  s.matches('ready') && s.context.managers.length === 0 && !isNarrowed(s.context);
/** Loaded, and the search or filter match nothing. */
export const selectNothingFound = (s: Snapshot) =>
  s.matches('ready') && s.context.managers.length === 0 && isNarrowed(s.context);
export const selectDeleteTarget = (s: Snapshot) =>
  s.matches('confirmingDelete') ? (s.context.managers.find((m) => m._id === s.context.targetId) ?? null) : null;
/** The manager whose deactivation is being asked about (null when no such question is open). */
export const selectDeactivateTarget = (s: Snapshot) =>
  s.matches('confirmingDeactivate') ? (s.context.managers.find((m) => m._id === s.context.targetId) ?? null) : null;
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
/** The manager whose activation change runs (its button shows a spinner). */
export const selectBusyId = (s: Snapshot) => (s.matches('toggling') ? s.context.targetId : null);
/** Rows are on screen (after a failed reload too: the last loaded ones stay). */
export const selectHasRows = (s: Snapshot) => s.context.managers.length > 0;

/** What the shared paged list screen reads (src/components/PagedListScreen.tsx). */
export const managerListSelectors = {
  isFirstLoad: selectIsFirstLoad,
  loadFailed: selectLoadFailed,
  isEmpty: selectIsEmpty,
  nothingFound: selectNothingFound,
  hasRows: selectHasRows,
  range: selectRange,
  deleteTarget: selectDeleteTarget,
  confirmDelete: selectConfirmDelete,
};
