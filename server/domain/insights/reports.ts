import { DEFAULT_TIME_ZONE } from '../../../lib/schedule-types';
import { restaurantForWrite } from '../../access';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import { type Period, parsePeriod } from './period';
import { type InsightsReport, insightsReport } from './report';

export interface ReportAsked {
  report: InsightsReport;
  period: Period;
  /** What the files are named after: the restaurant's slug, or `platform`. */
  subject: string;
}

/**
 * One restaurant's report for the period its days `from`–`to` make in its time zone: its admins and its manager only
 * (another manager's restaurant is 404, as every `/manager` call answers it).
 */
export async function restaurantInsights(
  deps: DomainDeps,
  viewer: Viewer,
  restaurantId: string,
  query: { from: string; to: string },
): Promise<ReportAsked> {
  const restaurant = await restaurantForWrite(deps.db, viewer, restaurantId);
  const period = parsePeriod(query.from, query.to);
  const report = await insightsReport(deps.db, { restaurantId, period, timeZone: restaurant.time_zone });
  return { report, period, subject: restaurant.slug };
}

/** The platform's report (every restaurant; admins), its days in Tashkent's time. */
export async function platformInsights(deps: DomainDeps, query: { from: string; to: string }): Promise<ReportAsked> {
  const period = parsePeriod(query.from, query.to);
  const report = await insightsReport(deps.db, { restaurantId: undefined, period, timeZone: DEFAULT_TIME_ZONE });
  return { report, period, subject: 'platform' };
}
