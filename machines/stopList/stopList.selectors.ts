import type { SnapshotFrom } from 'xstate';
import { type Catalog, type Tab, tabCounts } from './catalog';
import { type Group, groupsFor } from './groups';
import { type CheckState, checkState } from './selection';
import type { stopListMachine } from './stopList.machine';

/**
 * What the stop-list screen shows, derived from the machine's snapshot. The derived lists are memoized on the
 * identity of what they come from (the catalog is replaced, never mutated), so a selection change does not regroup
 * 1,000 products and views get the same objects back (React skips what did not change).
 */

type StopListSnapshot = SnapshotFrom<typeof stopListMachine>;

export const selectIsLoading = (s: StopListSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: StopListSnapshot) => s.matches('loadFailed');
export const selectTab = (s: StopListSnapshot): Tab | null =>
  s.matches('available') ? 'available' : s.matches('stopped') ? 'stopped' : null;
export const selectQuery = (s: StopListSnapshot) => s.context.query;
export const selectSelected = (s: StopListSnapshot) => s.context.selected;
export const selectSelectedCount = (s: StopListSnapshot) => s.context.selected.size;
export const selectIsMoving = (s: StopListSnapshot) => s.hasTag('moving');
export const selectMoveFailed = (s: StopListSnapshot) => s.hasTag('moveFailed');
/** Checkboxes are locked while a move runs or its stale data is reloaded. */
export const selectIsBusy = (s: StopListSnapshot) => s.hasTag('moving') || s.hasTag('refreshing');

let countsCache: { catalog: Catalog; counts: Record<Tab, number> } | null = null;
/** Products per tab (the tabs' badges). */
export function selectTabCounts(s: StopListSnapshot): Record<Tab, number> {
  const catalog = s.context.catalog;
  if (countsCache?.catalog !== catalog) countsCache = { catalog, counts: tabCounts(catalog) };
  return countsCache.counts;
}

/** Why the list is empty: the tab has no products, or the search found none. */
export type ListEmpty = 'none' | 'noProducts' | 'noResult';

export interface ListView {
  /** The groups on screen: the first `visibleCount` of the tab's groups. */
  groups: Group[];
  shown: number;
  total: number;
  empty: ListEmpty;
}

const EMPTY_VIEW: ListView = { groups: [], shown: 0, total: 0, empty: 'none' };
let groupsCache: { catalog: Catalog; tab: Tab; query: string; groups: Group[] } | null = null;
let viewCache: { groups: Group[]; visibleCount: number; view: ListView } | null = null;

function tabGroups(catalog: Catalog, tab: Tab, query: string): Group[] {
  const hit = groupsCache;
  if (hit && hit.catalog === catalog && hit.tab === tab && hit.query === query) return hit.groups;
  const groups = groupsFor(catalog, tab, query);
  groupsCache = { catalog, tab, query, groups };
  return groups;
}

export function selectList(s: StopListSnapshot): ListView {
  const tab = selectTab(s);
  if (!tab) return EMPTY_VIEW;
  const { catalog, query, visibleCount } = s.context;
  const groups = tabGroups(catalog, tab, query);
  if (viewCache && viewCache.groups === groups && viewCache.visibleCount === visibleCount) return viewCache.view;
  const shownGroups = groups.slice(0, visibleCount);
  const empty: ListEmpty = groups.length > 0 ? 'none' : query.trim() ? 'noResult' : 'noProducts';
  const view = { groups: shownGroups, shown: shownGroups.length, total: groups.length, empty };
  viewCache = { groups, visibleCount, view };
  return view;
}

/** A category checkbox: checked when all its visible products are selected, indeterminate when some are. */
export function groupCheckState(group: Group, selected: ReadonlySet<string>): CheckState {
  return checkState(
    selected,
    group.products.map((p) => p._id),
  );
}
