import type { ListPageParams } from '../../client/listPage';
import type { Manager, Restaurant } from '../../client/types';

/**
 * What GET /admin/restaurants and GET /admin/managers answer for a page and filters, over rows a
 * machine test gives: the page's rows, `total` and (restaurants) the counts of all rows. A stand-in for the server
 * in machine tests only; the UI and e2e tests run the real one.
 */

type Filters = ListPageParams & { type?: string };

function pageOf<T extends { is_active: boolean }>(
  rows: T[],
  input: Filters,
  text: (row: T) => string[],
  type?: (row: T) => string,
) {
  const q = input.q?.trim().toLowerCase();
  const matching = rows.filter(
    (row) =>
      (!q || text(row).some((t) => t.toLowerCase().includes(q))) &&
      (input.is_active === undefined || row.is_active === input.is_active) &&
      (!input.type || type?.(row) === input.type),
  );
  const start = (input.page - 1) * input.limit;
  return {
    rows: matching.slice(start, start + input.limit),
    total: matching.length,
    page: input.page,
    limit: input.limit,
  };
}

export const restaurantsPage = (all: Restaurant[] | (() => Restaurant[])) => (input: Filters) => {
  const rows = typeof all === 'function' ? all() : all;
  const { rows: page, ...rest } = pageOf(
    rows,
    input,
    (r) => [r.name, r.slug, r.phone_number ?? ''],
    (r) => r.type,
  );
  const active = rows.filter((r) => r.is_active).length;
  return {
    restaurants: page,
    counts: { all_count: rows.length, active_count: active, inactive_count: rows.length - active },
    ...rest,
  };
};

type ManagerRow = Pick<Manager, '_id' | 'login' | 'is_active'> & Partial<Manager>;
export const managersPage =
  <T extends ManagerRow>(all: T[] | (() => T[])) =>
  (input: Filters) => {
    const { rows, ...rest } = pageOf(typeof all === 'function' ? all() : all, input, (m) => [m.login]);
    return { data: rows, ...rest };
  };
