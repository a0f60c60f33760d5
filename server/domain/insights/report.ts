import type { Executor } from '../../db/client';
import { currentNames, type InsightGroup, type InsightKind, insightGroups } from '../../repositories/insights';
import type { Period } from './period';

export interface DishInsight {
  product_id: string;
  name: string;
  /** Orders it was in, its pieces, its lines' totals (so'm). */
  orders: number;
  quantity: number;
  revenue: number;
  /** Its detail opened on the menu. */
  views: number;
  /** Orders refused because it could not be ordered (the stop-list, its hours). */
  unavailable: number;
}

/** A category's dishes summed (the category each dish is in now). */
export interface CategoryInsight {
  category_id: string;
  name: string;
  orders: number;
  quantity: number;
  revenue: number;
}

export interface TableInsight {
  /** '' for the orders of tables deleted since. */
  table_id: string;
  name: string;
  orders: number;
  revenue: number;
  menu_opens: number;
}

export interface InsightsReport {
  menu_opens: number;
  orders: number;
  items: number;
  revenue: number;
  average_check: number;
  /** Tips of the bills paid from the phone (so'm). */
  tips: number;
  median_accept_seconds: number | null;
  /** From an order to its serving. */
  median_serve_seconds: number | null;
  median_call_seconds: number | null;
  /** The longest a call waited for its answer (the digest names it). */
  slowest_call_seconds: number | null;
  unavailable_refusals: number;
  by_day: { date: string; menu_opens: number; orders: number; revenue: number }[];
  by_hour: { hour: number; menu_opens: number; orders: number }[];
  dishes: DishInsight[];
  categories: CategoryInsight[];
  tables: TableInsight[];
  empty_searches: { text: string; count: number }[];
}

/** Searches with no result the report lists, most frequent first. */
export const EMPTY_SEARCHES_SHOWN = 20;

/**
 * The median of a distribution of whole seconds (`[seconds, how many]`): the middle one, or the rounded mean of the
 * two middle ones; null when nothing was measured.
 */
export function medianOf(distribution: readonly (readonly [number, number])[]): number | null {
  const sorted = [...distribution].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const [seconds, count] of sorted) {
      seen += count;
      if (seen >= position) return seconds;
    }
    return sorted[sorted.length - 1]![0];
  };
  if (total % 2 === 1) return valueAt((total + 1) / 2);
  return Math.round((valueAt(total / 2) + valueAt(total / 2 + 1)) / 2);
}

/** The longest of a distribution of whole seconds, null when nothing was measured. */
export function slowestOf(distribution: readonly (readonly [number, number])[]): number | null {
  const measured = distribution.filter(([, count]) => count > 0).map(([seconds]) => seconds);
  return measured.length > 0 ? Math.max(...measured) : null;
}

/**
 * The ordered dishes summed per the category each is in now (a deleted dish's orders have no category left), by
 * revenue. Orders are counted per dish: an order with two dishes of one category counts twice there.
 */
function byCategory(
  dishes: DishInsight[],
  categoryOf: ReadonlyMap<string, { _id: string; title: string }>,
): CategoryInsight[] {
  const sums = new Map<string, CategoryInsight>();
  for (const dish of dishes) {
    const category = categoryOf.get(dish.product_id);
    if (!category || dish.orders === 0) continue;
    const sum = sums.get(category._id) ?? {
      category_id: category._id,
      name: category.title,
      orders: 0,
      quantity: 0,
      revenue: 0,
    };
    sum.orders += dish.orders;
    sum.quantity += dish.quantity;
    sum.revenue += dish.revenue;
    sums.set(category._id, sum);
  }
  return [...sums.values()].sort((a, b) => b.revenue - a.revenue || b.orders - a.orders);
}

/** The report's groups sorted out by how they were grouped. */
function sortGroups(groups: InsightGroup[]) {
  const totals = new Map<InsightKind, InsightGroup>();
  const byDay = new Map<string, InsightGroup>();
  const byHour = new Map<string, InsightGroup>();
  const bySubject = new Map<InsightKind, Map<string, InsightGroup>>();
  for (const group of groups) {
    if (group.day !== null) byDay.set(`${group.kind} ${group.day}`, group);
    else if (group.hour !== null) byHour.set(`${group.kind} ${group.hour}`, group);
    else if (group.subject !== null) {
      const ofKind = bySubject.get(group.kind) ?? new Map<string, InsightGroup>();
      ofKind.set(group.subject, group);
      bySubject.set(group.kind, ofKind);
    } else totals.set(group.kind, group);
  }
  return { totals, byDay, byHour, bySubject };
}

/** What the report names its dishes, categories and tables by: their names now (repositories' currentNames). */
export type CurrentNames = Awaited<ReturnType<typeof currentNames>>;

type SortedGroups = ReturnType<typeof sortGroups>;

/** The dish and table ids the groups name: whose current names the report needs. */
function subjectIds({ bySubject }: SortedGroups): { dishIds: string[]; tableIds: string[] } {
  const ids = (...kinds: InsightKind[]) => [
    ...new Set(kinds.flatMap((kind) => [...(bySubject.get(kind)?.keys() ?? [])])),
  ];
  return { dishIds: ids('dish', 'detail_open', 'unavailable'), tableIds: ids('table', 'table_open') };
}

export const namedSubjects = (groups: InsightGroup[]) => subjectIds(sortGroups(groups));

/**
 * One restaurant's report for a period (or the platform's, `restaurantId` undefined), its days read in `timeZone`:
 * the totals, each day of the period and each hour of the day (zeros included), every dish that was ordered, opened or
 * refused, every table that ordered or opened the menu, and the searches that found nothing.
 */
export async function insightsReport(
  db: Executor,
  query: { restaurantId: string | undefined; period: Period; timeZone: string },
): Promise<InsightsReport> {
  const { period } = query;
  const groups = await insightGroups(db, {
    restaurantId: query.restaurantId,
    from: period.from,
    to: period.to,
    timeZone: query.timeZone,
  });
  const sorted = sortGroups(groups);
  const { dishIds, tableIds } = subjectIds(sorted);
  return reportFrom(sorted, await currentNames(db, dishIds, tableIds), period);
}

/** The report the groups of a period make, named as the dishes and tables are now (pure: the rules are all here). */
export function reportOf(groups: InsightGroup[], names: CurrentNames, period: Period): InsightsReport {
  return reportFrom(sortGroups(groups), names, period);
}

function reportFrom(sorted: SortedGroups, names: CurrentNames, period: Period): InsightsReport {
  const { totals, byDay, byHour, bySubject } = sorted;
  const total = (kind: InsightKind) => totals.get(kind);
  const subjects = (kind: InsightKind) => [...(bySubject.get(kind)?.values() ?? [])];

  const orders = total('order')?.count ?? 0;
  const revenue = total('order')?.amount ?? 0;
  const distribution = (kind: InsightKind) =>
    subjects(kind).map((group) => [Number(group.subject), group.count] as const);
  const { dishIds, tableIds } = subjectIds(sorted);
  const find = (kind: InsightKind, subject: string) => bySubject.get(kind)?.get(subject);

  const dishes = dishIds
    .map((id): DishInsight => {
      const ordered = find('dish', id);
      return {
        product_id: id,
        name: names.dish.get(id) ?? ordered?.label ?? '',
        orders: ordered?.count ?? 0,
        quantity: ordered?.quantity ?? 0,
        revenue: ordered?.amount ?? 0,
        views: find('detail_open', id)?.count ?? 0,
        unavailable: find('unavailable', id)?.count ?? 0,
      };
    })
    // Unknown products (deleted, never ordered) have nothing to name them by: left out.
    .filter((dish) => dish.name !== '')
    .sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || b.views - a.views || a.name.localeCompare(b.name));

  const tables = tableIds
    .map((id): TableInsight => {
      const ordered = find('table', id);
      return {
        table_id: id,
        name: names.table.get(id) ?? ordered?.label ?? '',
        orders: ordered?.count ?? 0,
        revenue: ordered?.amount ?? 0,
        menu_opens: find('table_open', id)?.count ?? 0,
      };
    })
    .filter((table) => table.name !== '')
    .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || b.menu_opens - a.menu_opens);

  return {
    menu_opens: total('open')?.count ?? 0,
    orders,
    items: total('order')?.quantity ?? 0,
    revenue,
    average_check: orders > 0 ? Math.round(revenue / orders) : 0,
    tips: total('tip')?.amount ?? 0,
    median_accept_seconds: medianOf(distribution('accept_seconds')),
    median_serve_seconds: medianOf(distribution('serve_seconds')),
    median_call_seconds: medianOf(distribution('call_seconds')),
    slowest_call_seconds: slowestOf(distribution('call_seconds')),
    unavailable_refusals: total('unavailable')?.count ?? 0,
    by_day: period.days.map((date) => ({
      date,
      menu_opens: byDay.get(`open ${date}`)?.count ?? 0,
      orders: byDay.get(`order ${date}`)?.count ?? 0,
      revenue: byDay.get(`order ${date}`)?.amount ?? 0,
    })),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      menu_opens: byHour.get(`open ${hour}`)?.count ?? 0,
      orders: byHour.get(`order ${hour}`)?.count ?? 0,
    })),
    dishes,
    categories: byCategory(dishes, names.category),
    tables,
    empty_searches: subjects('empty_search')
      .map((group) => ({ text: group.subject!, count: group.count }))
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .slice(0, EMPTY_SEARCHES_SHOWN),
  };
}
