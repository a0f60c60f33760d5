import type { InsightsPeriod } from '../../client/insights';
import { isValidTimeZone, wallClock } from '../../lib/schedule';
import { DEFAULT_TIME_ZONE } from '../../lib/schedule-types';
import { MAX_PERIOD_DAYS, uzInsights } from '../../lib/uz-insights';

/**
 * The report's period: days of the restaurant's calendar (its `time_zone`), both ends included, as the API takes
 * them (`YYYY-MM-DD`). Pure: the presets are computed from an instant and a zone, so a test fixes both.
 */

export type PeriodPreset = 'today' | 'yesterday' | 'week' | 'month';
/** A preset, or a range typed by hand ("Boshqa davr"). */
export type PeriodChoice = PeriodPreset | 'custom';

export const PERIOD_PRESETS: readonly PeriodPreset[] = ['today', 'yesterday', 'week', 'month'];

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone a restaurant's days are counted in: its own when Intl knows it, otherwise Tashkent's. */
export function zoneOrDefault(zone: string | null | undefined): string {
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The calendar day it is in `zone` at `now`. */
export function todayIn(now: Date, zone: string): string {
  return wallClock(now, zoneOrDefault(zone)).date;
}

/** Milliseconds of a calendar day's UTC midnight, or null for text that is not a real `YYYY-MM-DD` day. */
function dayMs(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  // 2025-02-30 rolls over to March: not a day of the calendar.
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date ? ms : null;
}

export const isCalendarDay = (day: string) => dayMs(day) !== null;

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const ms = dayMs(day);
  if (ms === null) throw new RangeError(`not a calendar day: ${day}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a period holds, both ends counted (0 when it runs backwards or a day is not real). */
export function periodDays(period: InsightsPeriod): number {
  const from = dayMs(period.from);
  const to = dayMs(period.to);
  if (from === null || to === null || to < from) return 0;
  return Math.round((to - from) / DAY_MS) + 1;
}

/** Every day of a period in order (the chart's days). */
export function daysOf(period: InsightsPeriod): string[] {
  const count = Math.min(periodDays(period), MAX_PERIOD_DAYS);
  return Array.from({ length: count }, (_, i) => addDays(period.from, i));
}

/** A one-day period: the chart shows its hours instead of its days. */
export const isOneDay = (period: InsightsPeriod) => period.from === period.to;

/**
 * A preset's days at `now` in `zone`: "Bugun" today, "Kecha" yesterday, "7 kun" the last seven days and "30 kun" the
 * last thirty, today included (what has happened so far today counts).
 */
export function presetPeriod(preset: PeriodPreset, now: Date, zone: string): InsightsPeriod {
  const today = todayIn(now, zone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return { from: addDays(today, -6), to: today };
    case 'month':
      return { from: addDays(today, -29), to: today };
  }
}

export type RangeField = 'from' | 'to';
export type RangeErrors = Partial<Record<RangeField, string>>;

/**
 * "Boshqa davr": both days chosen and real, the last not before the first, not after today (nothing has happened
 * there yet), and at most MAX_PERIOD_DAYS days (the server refuses longer). Messages are the field's they belong to.
 */
export function validateRange(range: InsightsPeriod, today: string): RangeErrors {
  const errors: RangeErrors = {};
  if (!range.from) errors.from = uzInsights.fromRequired;
  else if (!isCalendarDay(range.from)) errors.from = uzInsights.dateInvalid;
  else if (range.from > today) errors.from = uzInsights.rangeFuture;
  if (!range.to) errors.to = uzInsights.toRequired;
  else if (!isCalendarDay(range.to)) errors.to = uzInsights.dateInvalid;
  else if (range.to > today) errors.to = uzInsights.rangeFuture;
  if (errors.from || errors.to) return errors;
  if (range.to < range.from) return { to: uzInsights.rangeOrder };
  if (periodDays(range) > MAX_PERIOD_DAYS) return { to: uzInsights.rangeTooLong };
  return {};
}

export const isValidRange = (range: InsightsPeriod, today: string) =>
  Object.keys(validateRange(range, today)).length === 0;

/** `2026-05-12` → `12.05.2026`, as Uzbek dates are written. */
export function formatDay(day: string): string {
  const match = ISO_DAY.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/** The period as a line under the choice: one day, or first – last. */
export function periodText(period: InsightsPeriod): string {
  return isOneDay(period) ? formatDay(period.from) : `${formatDay(period.from)} – ${formatDay(period.to)}`;
}
