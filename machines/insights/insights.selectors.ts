import type { SnapshotFrom } from 'xstate';
import type { Insights, InsightsFormat } from '../../client/insights';
import { uzInsights } from '../../lib/uz-insights';
import type { insightsMachine } from './insights.machine';
import { type PeriodChoice, periodText, type RangeErrors, todayIn, validateRange } from './period.rules';
import {
  type ChartSeries,
  categoriesByRevenue,
  chartSeries,
  emptySearches,
  type Figure,
  headlineFigures,
  leastOrdered,
  refusedDishes,
  tablesByRevenue,
  topDishes,
  viewedNotOrdered,
} from './report.rules';

type Snapshot = SnapshotFrom<typeof insightsMachine>;

/** Finding the restaurant, or loading a period's report: the spinner. */
export const selectIsLoading = (s: Snapshot) => s.matches('opening') || s.matches({ open: { data: 'loading' } });
/** Why there is nothing to show (no restaurant, the report failed): the text beside "Qayta urinish". */
export const selectFailure = (s: Snapshot) =>
  s.matches('unavailable') || s.matches({ open: { data: 'failed' } }) ? s.context.error : null;
export const selectIsEmpty = (s: Snapshot) => s.matches({ open: { data: 'empty' } });
export const selectIsLoaded = (s: Snapshot) => s.matches({ open: { data: 'loaded' } });

/** Whose report, under the title: "Restoran" and its name (null until it is found), or the whole platform. */
export const selectScopeLabel = (s: Snapshot) =>
  s.context.scope === 'platform' ? uzInsights.platformLabel : uzInsights.restaurantLabel;
export const selectScopeName = (s: Snapshot) =>
  s.context.scope === 'platform' ? uzInsights.platformName : (s.context.place?.name ?? null);
export const selectIsPlatform = (s: Snapshot) => s.context.scope === 'platform';
/** The restaurant shown, with its slug (an admin's back button leads to its page); null for the platform. */
export const selectRestaurantLink = (s: Snapshot) => {
  const place = s.context.place;
  return place?.restaurantId && place.slug ? { id: place.restaurantId, slug: place.slug } : null;
};

/** The period can be chosen once the restaurant's days are known. */
export const selectCanChoosePeriod = (s: Snapshot) => s.matches('open');
/** Which choice is pressed: a preset, or "Boshqa davr". */
export const selectChoice = (s: Snapshot): PeriodChoice => s.context.choice;
/** The period's days as a line (`12.05.2026 – 18.05.2026`). */
export const selectPeriodText = (s: Snapshot) => periodText(s.context.period);

/** "Boshqa davr"'s form is open. */
export const selectRangeOpen = (s: Snapshot) => s.matches({ open: { range: 'editing' } });
export const selectDraft = (s: Snapshot) => s.context.draft;
/** What is wrong with the typed days, said as they are typed (nothing while the form is closed). */
export const selectRangeErrors = (s: Snapshot): RangeErrors =>
  s.matches({ open: { range: 'editing' } })
    ? validateRange(s.context.draft, todayIn(s.context.now(), s.context.place?.timeZone ?? ''))
    : {};
/** The latest day that can be chosen: today in the restaurant's zone. */
export const selectToday = (s: Snapshot) => todayIn(s.context.now(), s.context.place?.timeZone ?? '');

/** The report on screen: only in `loaded` (a loading period hides the last one: its figures are another period's). */
const shownReport = (s: Snapshot): Insights | null =>
  s.matches({ open: { data: 'loaded' } }) ? s.context.report : null;

/**
 * Derived lists built once per answer: the view's `useSelector` compares by reference, so an answer's figures,
 * chart and lists must be the same objects at every snapshot until the next answer (and its period).
 */
function memo<T>(derive: (report: Insights, s: Snapshot) => T) {
  const cache = new WeakMap<Insights, { period: unknown; value: T }>();
  return (s: Snapshot): T | null => {
    const report = shownReport(s);
    if (!report) return null;
    const cached = cache.get(report);
    if (cached && cached.period === s.context.reportPeriod) return cached.value;
    const value = derive(report, s);
    cache.set(report, { period: s.context.reportPeriod, value });
    return value;
  };
}

export const selectFigures: (s: Snapshot) => Figure[] | null = memo((report) => headlineFigures(report));
/** The chart's points: the report's own period's days, or its hours for a single day. */
export const selectChart: (s: Snapshot) => ChartSeries | null = memo((report, s) =>
  chartSeries(report, s.context.reportPeriod ?? s.context.period),
);
export const selectTopDishes = memo((report) => topDishes(report));
export const selectViewedNotOrdered = memo((report) => viewedNotOrdered(report));
export const selectLeastOrdered = memo((report) => leastOrdered(report));
export const selectRefusedDishes = memo((report) => refusedDishes(report));
export const selectCategories = memo((report) => categoriesByRevenue(report));
export const selectTables = memo((report) => tablesByRevenue(report));
export const selectEmptySearches = memo((report) => emptySearches(report));

/** The exports are a restaurant's (the platform's report has no file). */
export const selectHasExports = (s: Snapshot) => s.context.scope === 'restaurant';
export const selectCanExport = (s: Snapshot) => s.can({ type: 'insights.export', format: 'csv' });
/** The format whose file is being fetched (its button shows it), or null. */
export const selectDownloading = (s: Snapshot): InsightsFormat | null =>
  s.matches({ open: { download: 'downloading' } }) ? s.context.exportFormat : null;
