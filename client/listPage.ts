/**
 * The paging and filter parameters the admin lists share. The server takes them as query text and
 * coerces nothing, so numbers and booleans are written as the server's patterns expect; an empty search or an
 * absent filter is left out (the server then matches everything).
 */
export interface ListPageParams {
  /** 1-based. */
  page: number;
  /** Rows per page, 1-100. */
  limit: number;
  /** Searched in the name, slug and phone (restaurants) or the login (managers); blank: no search. */
  q?: string;
  is_active?: boolean;
}

export function listQuery(params: ListPageParams): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page), limit: String(params.limit) };
  const q = params.q?.trim();
  if (q) query.q = q;
  if (params.is_active !== undefined) query.is_active = String(params.is_active);
  return query;
}
