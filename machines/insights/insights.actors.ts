import { fromPromise } from 'xstate';
import {
  downloadInsightsCsv,
  downloadInsightsXlsx,
  type Insights,
  type InsightsFile,
  type InsightsFormat,
  type InsightsPeriod,
  platformInsights,
  restaurantInsights,
} from '../../client/insights';
import { myRestaurants } from '../../client/myRestaurants';
import { findRestaurant } from '../../client/restaurants';
import type { Restaurant, Role } from '../../client/types';
import { DEFAULT_TIME_ZONE } from '../../lib/schedule-types';

/** Whose report: one restaurant's, or the whole platform's (admins only). */
export type InsightsScope = 'restaurant' | 'platform';

export interface LoadPlaceInput {
  scope: InsightsScope;
  role: Role;
  /** The restaurant asked for: the admin's from the URL, a manager's working one (or none yet: their first). */
  restaurantId: string | null;
}

/** What the report is of: the restaurant (its days are its time zone's), or the platform (Tashkent's days). */
export interface InsightsPlace {
  restaurantId: string | null;
  name: string | null;
  /** The restaurant's slug (an admin's back button leads to its page); null for the platform. */
  slug: string | null;
  timeZone: string;
}

/**
 * The report's restaurant and its time zone, or null when there is none to show: a manager's from GET
 * /manager/restaurants/me (the asked one when it is still theirs, otherwise the first), an admin's from GET
 * /admin/restaurants?id=. The platform's report needs no call.
 */
export const loadPlaceActor = fromPromise<InsightsPlace | null, LoadPlaceInput>(async ({ input, signal }) => {
  if (input.scope === 'platform') return { restaurantId: null, name: null, slug: null, timeZone: DEFAULT_TIME_ZONE };
  const restaurants: Restaurant[] =
    input.role === 'admin'
      ? [await findRestaurant(input.restaurantId ?? '', { signal })].filter((r): r is Restaurant => r !== null)
      : await myRestaurants({ signal });
  const restaurant =
    restaurants.find((r) => r._id === input.restaurantId) ?? (input.role === 'manager' ? restaurants[0] : undefined);
  if (!restaurant) return null;
  return {
    restaurantId: restaurant._id,
    name: restaurant.name,
    slug: restaurant.slug,
    timeZone: restaurant.time_zone || DEFAULT_TIME_ZONE,
  };
});

export interface LoadInsightsInput {
  /** null: the platform's report. */
  restaurantId: string | null;
  period: InsightsPeriod;
}

/** GET …/insights for the period: the restaurant's, or GET /admin/insights for the platform. */
export const loadInsightsActor = fromPromise<Insights, LoadInsightsInput>(({ input, signal }) =>
  input.restaurantId === null
    ? platformInsights(input.period, { signal })
    : restaurantInsights(input.restaurantId, input.period, { signal }),
);

export interface DownloadInsightsInput {
  restaurantId: string;
  period: InsightsPeriod;
  format: InsightsFormat;
}

/** The report of the period as a file (CSV or Excel); the view saves it. */
export const downloadInsightsActor = fromPromise<InsightsFile, DownloadInsightsInput>(({ input, signal }) =>
  input.format === 'csv'
    ? downloadInsightsCsv(input.restaurantId, input.period, { signal })
    : downloadInsightsXlsx(input.restaurantId, input.period, { signal }),
);
