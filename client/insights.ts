import { ofetch } from 'ofetch';
import type { Static } from 'typebox';
import { uz } from '../lib/uz';
import type { InsightsReport } from '../server/schemas/insights';
import { ApiError, apiBaseUrl, type CallOptions, reportUnauthorized, request } from './client';
import { readToken } from './storage';

/**
 * The owner's report ("Hisobot"): what happened in a period of the restaurant's days (or the whole platform's).
 * The shapes are the API's contract; money is whole so'm, durations whole seconds (null: nothing to measure).
 */

/** Days in the restaurant's time zone, both included: `YYYY-MM-DD`. */
export interface InsightsPeriod {
  from: string;
  to: string;
}

/** The report as the API answers it: the server's own schema, imported as a type only. */
export type Insights = Static<typeof InsightsReport>;
/** A day of the period (every day is there, in order). */
export type InsightsDay = Insights['by_day'][number];
/** An hour of the day (0–23), summed over the period's days. */
export type InsightsHour = Insights['by_hour'][number];
/** `views`: how often the dish's detail was opened (0 where the menu has no detail). */
export type InsightsDish = Insights['dishes'][number];
export type InsightsTable = Insights['tables'][number];
export type InsightsCategory = Insights['categories'][number];
/** A search a diner typed that found nothing, and how often. */
export type EmptySearch = Insights['empty_searches'][number];

export type InsightsFormat = 'csv' | 'xlsx';

/** A downloaded report: the file and the name to save it under. */
export interface InsightsFile {
  blob: Blob;
  fileName: string;
}

const periodQuery = (period: InsightsPeriod) => ({ from: period.from, to: period.to });
const restaurantPath = (restaurantId: string) => `/manager/restaurants/${encodeURIComponent(restaurantId)}/insights`;

/** GET /manager/restaurants/{id}/insights?from&to → `{ data }` (admins may ask for any restaurant). */
export async function restaurantInsights(
  restaurantId: string,
  period: InsightsPeriod,
  options: CallOptions = {},
): Promise<Insights> {
  const answer = await request<{ data: Insights }>(restaurantPath(restaurantId), {
    ...options,
    query: periodQuery(period),
  });
  return answer.data;
}

/** GET /admin/insights?from&to → `{ data }`: the whole platform (its dishes and tables may be empty). */
export async function platformInsights(period: InsightsPeriod, options: CallOptions = {}): Promise<Insights> {
  const answer = await request<{ data: Insights }>('/admin/insights', { ...options, query: periodQuery(period) });
  return answer.data;
}

/** GET /manager/restaurants/{id}/insights.csv?from&to: the report as a CSV file. */
export function downloadInsightsCsv(
  restaurantId: string,
  period: InsightsPeriod,
  options: CallOptions = {},
): Promise<InsightsFile> {
  return downloadFile(`${restaurantPath(restaurantId)}.csv`, period, 'csv', options);
}

/** GET /manager/restaurants/{id}/insights.xlsx?from&to: the report as an Excel workbook. */
export function downloadInsightsXlsx(
  restaurantId: string,
  period: InsightsPeriod,
  options: CallOptions = {},
): Promise<InsightsFile> {
  return downloadFile(`${restaurantPath(restaurantId)}.xlsx`, period, 'xlsx', options);
}

/** The name the server gives the file (`Content-Disposition`), or one made of the period. */
export function downloadName(disposition: string | null, period: InsightsPeriod, format: InsightsFormat): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name: the plain one below, or the period's.
    }
  }
  const plain = disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return plain || `hisobot-${period.from}-${period.to}.${format}`;
}

/** The server's `{ message }` from an error answer read as a blob (a file call does not parse JSON). */
async function messageOf(body: unknown, status: number): Promise<string> {
  try {
    const parsed = JSON.parse(body instanceof Blob ? await body.text() : String(body ?? '')) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not the API's error shape: the status says what happened.
  }
  return String(status);
}

/**
 * A file behind the bearer token: a link cannot carry the header, so the file is fetched as a blob and the view
 * saves it. Errors are the client's: ApiError with the server's Uzbek message, a 401 reported for the logout.
 */
async function downloadFile(
  path: string,
  period: InsightsPeriod,
  format: InsightsFormat,
  options: CallOptions,
): Promise<InsightsFile> {
  const token = readToken();
  if (!token) {
    const error = new ApiError(401, uz.noToken);
    reportUnauthorized(error);
    throw error;
  }
  let response: Awaited<ReturnType<typeof ofetch.raw<Blob, 'blob'>>>;
  try {
    response = await ofetch.raw(`${apiBaseUrl()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      query: periodQuery(period),
      responseType: 'blob',
      signal: options.signal,
      timeout: options.timeout,
      retry: 0,
      ignoreResponseError: true,
    });
  } catch (caught) {
    // An abort (the user left the screen) is not a failure; anything else thrown never reached the server's answer.
    if (options.signal?.aborted) throw caught;
    throw new ApiError(0, uz.networkError);
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await messageOf(response._data, response.status));
    reportUnauthorized(error);
    throw error;
  }
  return {
    blob: response._data ?? new Blob([]),
    fileName: downloadName(response.headers.get('content-disposition'), period, format),
  };
}
