/**
 * Selection of the stop-list (spec 4). The selection is a set of product ids of the current tab; it survives
 * searching (a manager can pick "osh" then search "choy" and pick more: the button counts both), and only a tab
 * switch or a completed move empties it. A category checkbox works on its VISIBLE products: those of the tab that
 * match the search.
 */

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export function toggleProduct(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** All visible selected → deselects them; otherwise selects every visible one. Hidden selected ids stay. */
export function toggleCategory(selected: ReadonlySet<string>, visibleIds: readonly string[]): ReadonlySet<string> {
  const next = new Set(selected);
  if (checkState(selected, visibleIds) === 'checked') for (const id of visibleIds) next.delete(id);
  else for (const id of visibleIds) next.add(id);
  return next;
}

/** Checked when all visible products are selected, indeterminate when some are. */
export function checkState(selected: ReadonlySet<string>, visibleIds: readonly string[]): CheckState {
  let count = 0;
  for (const id of visibleIds) if (selected.has(id)) count++;
  if (count === 0) return 'unchecked';
  return count === visibleIds.length ? 'checked' : 'indeterminate';
}

export const NOTHING_SELECTED: ReadonlySet<string> = new Set();
