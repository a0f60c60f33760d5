import type { ListPageParams } from '../../client/listPage';

/**
 * What an admin list shows: one page of the rows the server found for a search and a status filter.
 * The lists page on the server, so the machine keeps the page, the search text and the filters, and asks again
 * whenever one changes.
 */

/** Rows per page: spec 2.5's 10, now asked of the server. */
export const LIST_PAGE_SIZE = 10;
/** Typing waits this long for the next key before the search is sent (one call per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface ListQuery {
  /** 1-based. */
  page: number;
  /** The search box's text, as typed. */
  query: string;
  status: StatusFilter;
}

export const initialListQuery: ListQuery = { page: 1, query: '', status: 'all' };

/**
 * The search box's and the status filter's actions as the list machines' transitions name them: the typed text and
 * the chosen status reach the machine's `setQuery` / `setStatus` as params (no action re-checks the event's type).
 */
export const setQueryAction = {
  type: 'setQuery',
  params: ({ event }: { event: { value: string } }) => ({ value: event.value }),
} as const;
export const setStatusAction = {
  type: 'setStatus',
  params: ({ event }: { event: { value: StatusFilter } }) => ({ value: event.value }),
} as const;

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

/** The call's parameters for what the list shows. */
export function pageParams(list: ListQuery): ListPageParams {
  return {
    page: list.page,
    limit: LIST_PAGE_SIZE,
    q: list.query,
    ...(list.status === 'all' ? {} : { is_active: list.status === 'active' }),
  };
}

/** Whether a search or a filter narrows the list (an empty answer then means "nothing found", not "no rows"). */
export const isNarrowed = (list: ListQuery, extra = false) =>
  list.query.trim() !== '' || list.status !== 'all' || extra;

/**
 * The page asked for no longer exists (its last rows were deleted, or fewer match now): the last page that does
 * (page 1 when nothing matches any more), or null when the answer can stand.
 */
export function pageToShow(asked: number, answer: { total: number; rows: number }): number | null {
  if (answer.rows > 0 || asked === 1) return null;
  return pageCount(answer.total);
}

/** "11–20 / jami 23": the rows shown of all that match (empty when none match). */
export function shownRange(page: number, rows: number, total: number) {
  const first = rows === 0 ? 0 : (page - 1) * LIST_PAGE_SIZE + 1;
  return { first, last: rows === 0 ? 0 : first + rows - 1, total };
}
