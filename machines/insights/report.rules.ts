import type {
  EmptySearch,
  Insights,
  InsightsCategory,
  InsightsDish,
  InsightsPeriod,
  InsightsTable,
} from '../../client/insights';
import { formatPrice } from '../../lib/format';
import { dayLabel, formatCount, formatDuration } from '../../lib/insight-format';
import { uzInsights } from '../../lib/uz-insights';
import { daysOf, isOneDay } from './period.rules';

/**
 * What the report screen shows, read from the server's answer: the headline figures as text, the chart's series (the
 * period's days, or the hours of a one-day period), and the lists. Pure, so the machine test checks it without a
 * screen and the screen only lays it out.
 */

/** How many rows a list shows: the top of it is what an owner acts on. */
export const LIST_LIMIT = 10;

/** Nothing happened: the menu was not opened and nothing was ordered (the screen says so instead of zeros). */
export const isEmptyReport = (report: Insights) => report.menu_opens === 0 && report.orders === 0;

export type FigureKey =
  | 'menu_opens'
  | 'orders'
  | 'revenue'
  | 'average_check'
  | 'median_accept_seconds'
  | 'median_serve_seconds'
  | 'median_call_seconds'
  | 'unavailable_refusals';

export interface Figure {
  key: FigureKey;
  label: string;
  value: string;
}

/** The headline figures, in the order an owner reads them. */
export function headlineFigures(report: Insights): Figure[] {
  return [
    { key: 'menu_opens', label: uzInsights.menuOpens, value: formatCount(report.menu_opens) },
    { key: 'orders', label: uzInsights.orders, value: formatCount(report.orders) },
    { key: 'revenue', label: uzInsights.revenue, value: formatPrice(report.revenue) },
    { key: 'average_check', label: uzInsights.averageCheck, value: formatPrice(report.average_check) },
    {
      key: 'median_accept_seconds',
      label: uzInsights.acceptMedian,
      value: formatDuration(report.median_accept_seconds),
    },
    {
      key: 'median_serve_seconds',
      label: uzInsights.serveMedian,
      value: formatDuration(report.median_serve_seconds),
    },
    { key: 'median_call_seconds', label: uzInsights.callMedian, value: formatDuration(report.median_call_seconds) },
    {
      key: 'unavailable_refusals',
      label: uzInsights.unavailableRefusals,
      value: formatCount(report.unavailable_refusals),
    },
  ];
}

/** `9` → `09:00`. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** One point of the chart: its label, and the two counts drawn. */
export interface ChartPoint {
  label: string;
  menuOpens: number;
  orders: number;
}

export interface ChartSeries {
  /** `hour` for a one-day period: its 24 hours; `day` otherwise: every day of the period. */
  unit: 'day' | 'hour';
  points: ChartPoint[];
}

/**
 * The chart's points: every day of the period (a day the server left out counts zero), or the 24 hours of a
 * one-day period. The same points are the table under the chart.
 */
export function chartSeries(report: Insights, period: InsightsPeriod): ChartSeries {
  if (isOneDay(period)) {
    const byHour = new Map(report.by_hour.map((row) => [row.hour, row]));
    return {
      unit: 'hour',
      points: Array.from({ length: 24 }, (_, hour) => ({
        label: hourLabel(hour),
        menuOpens: byHour.get(hour)?.menu_opens ?? 0,
        orders: byHour.get(hour)?.orders ?? 0,
      })),
    };
  }
  const byDay = new Map(report.by_day.map((row) => [row.date, row]));
  return {
    unit: 'day',
    points: daysOf(period).map((day) => ({
      label: dayLabel(day),
      menuOpens: byDay.get(day)?.menu_opens ?? 0,
      orders: byDay.get(day)?.orders ?? 0,
    })),
  };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The dishes ordered most (by orders, then portions, then revenue), top LIST_LIMIT. */
export function topDishes(report: Insights): InsightsDish[] {
  return report.dishes
    .filter((dish) => dish.orders > 0)
    .sort((a, b) => b.orders - a.orders || b.quantity - a.quantity || b.revenue - a.revenue || byName(a, b))
    .slice(0, LIST_LIMIT);
}

/** The dishes ordered least (of those ordered at all in the period), fewest first: what the menu might drop. */
export function leastOrdered(report: Insights): InsightsDish[] {
  return report.dishes
    .filter((dish) => dish.orders > 0)
    .sort((a, b) => a.orders - b.orders || a.quantity - b.quantity || a.revenue - b.revenue || byName(a, b))
    .slice(0, LIST_LIMIT);
}

/** Dishes refused in orders because they could not be ordered (the stop-list, their hours): the sales lost. */
export function refusedDishes(report: Insights): InsightsDish[] {
  return report.dishes
    .filter((dish) => dish.unavailable > 0)
    .sort((a, b) => b.unavailable - a.unavailable || byName(a, b))
    .slice(0, LIST_LIMIT);
}

/** The categories by revenue. */
export function categoriesByRevenue(report: Insights): InsightsCategory[] {
  return report.categories.slice(0, LIST_LIMIT);
}

/** Dishes diners opened and did not order ("ko'riladi, buyurtma qilinmaydi"), most viewed first. */
export function viewedNotOrdered(report: Insights): InsightsDish[] {
  return report.dishes
    .filter((dish) => dish.views > 0 && dish.orders === 0)
    .sort((a, b) => b.views - a.views || byName(a, b))
    .slice(0, LIST_LIMIT);
}

/** The tables that brought the most, by revenue then orders. */
export function tablesByRevenue(report: Insights): InsightsTable[] {
  return [...report.tables]
    .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || byName(a, b))
    .slice(0, LIST_LIMIT);
}

/** Searches that found nothing, the most repeated first: dishes diners look for and the menu does not name. */
export function emptySearches(report: Insights): EmptySearch[] {
  return [...report.empty_searches]
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
    .slice(0, LIST_LIMIT);
}
