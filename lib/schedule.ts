import type { ClockTime, Schedule, Weekday, WorkingHours } from './schedule-types';

/**
 * The rules that read schedules and working hours (shapes in lib/schedule-types.ts): what the restaurant's wall clock
 * says at an instant, whether a window is open, and when it opens next. Pure, so the server (orders, calls, the
 * menu's cache key) and the menu page answer the same at the same instant. A window whose `to` is not after its
 * `from` crosses midnight and belongs to the day it starts on: Monday 22:00–02:00 is open on Tuesday at 01:00.
 */

/** A moment of the restaurant's week: the weekday (1 = Monday) and the minutes since its midnight. */
export interface WeekMoment {
  weekday: Weekday;
  minutes: number;
}

/** The restaurant's wall clock at an instant, with its local calendar date (YYYY-MM-DD). */
export interface WallClock extends WeekMoment {
  date: string;
}

/** When a closed window opens next; `today`: on the same local day as the moment asked about. */
export interface NextStart {
  weekday: Weekday;
  time: ClockTime;
  today: boolean;
}

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The clock last worked out in each zone, with the UTC minute it holds for. Every zone's offset today is a whole
 * number of minutes, so a local minute starts with a UTC one: the orders and calls of one minute (hundreds a second on
 * a busy evening) format the instant once, not each.
 */
const lastClocks = new Map<string, { minute: number; clock: Readonly<WallClock> }>();

/** What a clock in `timeZone` shows at `instant`. Throws a RangeError for a zone Intl does not know. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastClocks.get(timeZone);
  if (last?.minute === minute) return last.clock;
  const clock = Object.freeze(clockAt(instant, timeZone));
  lastClocks.set(timeZone, { minute, clock });
  return clock;
}

function clockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  // The weekday of the local date itself, so no weekday names are parsed.
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return {
    weekday: (sundayFirst === 0 ? 7 : sundayFirst) as Weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/**
 * An IANA zone name Intl knows ("Asia/Tashkent", "Europe/Berlin", "UTC"). Offsets such as "+05:00", which newer
 * engines also accept, are not zone names: they would keep a restaurant on the wrong hour when its country's rules change.
 */
export function isValidTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** "HH:MM" as minutes since midnight. */
export function clockMinutes(time: ClockTime): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const previousDay = (weekday: Weekday): Weekday => (weekday === 1 ? 7 : weekday - 1) as Weekday;
const dayAfter = (weekday: Weekday, days: number): Weekday => (((((weekday - 1 + days) % 7) + 7) % 7) + 1) as Weekday;
const weekMinute = (now: WeekMoment): number => (now.weekday - 1) * MINUTES_PER_DAY + now.minutes;

/** Whether a window from `from` to `to` (minutes) that starts on `startDays` is open at `now`. */
function windowOpen(startDays: readonly Weekday[], from: number, to: number, now: WeekMoment): boolean {
  if (from < to) return startDays.includes(now.weekday) && now.minutes >= from && now.minutes < to;
  // Crosses midnight: the evening of a start day, or the small hours of the day after one.
  return (
    (startDays.includes(now.weekday) && now.minutes >= from) ||
    (startDays.includes(previousDay(now.weekday)) && now.minutes < to)
  );
}

/** Whether a category or dish is served at `now`; null: no schedule of its own, always. Open at `from`, closed at `to`. */
export function scheduleOpen(schedule: Schedule | null, now: WeekMoment): boolean {
  if (!schedule) return true;
  return windowOpen(schedule.days, clockMinutes(schedule.from), clockMinutes(schedule.to), now);
}

/**
 * The next start of a schedule's window after `now` ("08:00 dan"): today's if it is still ahead, else the next day
 * of its days. A schedule without days (the API refuses one) never starts; it is answered as a week ahead.
 */
export function nextScheduleStart(schedule: Schedule, now: WeekMoment): NextStart {
  const from = clockMinutes(schedule.from);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const weekday = dayAfter(now.weekday, ahead);
    if (ahead === 0 && from <= now.minutes) continue;
    if (schedule.days.includes(weekday)) return { weekday, time: schedule.from, today: ahead === 0 };
  }
  return { weekday: now.weekday, time: schedule.from, today: false };
}

/** One opening interval of working hours as minutes of the week (Monday 00:00 = 0); `end` may pass the week's end. */
export interface WeekRange {
  weekday: Weekday;
  from: ClockTime;
  to: ClockTime;
  start: number;
  end: number;
}

/** Every interval of the working hours in week minutes, in the order of the week. */
export function weekRanges(hours: WorkingHours): WeekRange[] {
  const ranges: WeekRange[] = [];
  for (const [day, intervals] of Object.entries(hours)) {
    const weekday = Number(day) as Weekday;
    for (const [from, to] of intervals ?? []) {
      const start = (weekday - 1) * MINUTES_PER_DAY + clockMinutes(from);
      const length = (clockMinutes(to) - clockMinutes(from) + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;
      ranges.push({ weekday, from, to, start, end: start + length });
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/**
 * Two intervals of the week that overlap (touching is fine: 10:00–14:00 and 14:00–23:00), the later first; null if
 * none do. Sunday's interval past midnight is checked against Monday's first.
 */
export function overlappingRanges(hours: WorkingHours): [WeekRange, WeekRange] | null {
  const ranges = weekRanges(hours);
  for (const [index, range] of ranges.entries()) {
    const before = ranges[index - 1];
    if (before && range.start < before.end) return [range, before];
  }
  const [first, last] = [ranges[0], ranges.at(-1)];
  if (first && last && first !== last && last.end > first.start + MINUTES_PER_WEEK) return [first, last];
  return null;
}

/** Whether the restaurant is open at `now`; null hours: always. */
export function hoursOpen(hours: WorkingHours | null, now: WeekMoment): boolean {
  if (!hours) return true;
  const minute = weekMinute(now);
  return weekRanges(hours).some(
    (range) =>
      (minute >= range.start && minute < range.end) ||
      (minute + MINUTES_PER_WEEK >= range.start && minute + MINUTES_PER_WEEK < range.end),
  );
}

/**
 * When the restaurant next opens after `now` ("10:00 da ochiladi"): null when it has no working hours (always open)
 * or no interval at all (never opens).
 */
export function nextOpening(hours: WorkingHours | null, now: WeekMoment): NextStart | null {
  if (!hours) return null;
  const minute = weekMinute(now);
  let best: { range: WeekRange; ahead: number } | null = null;
  for (const range of weekRanges(hours)) {
    const ahead = (range.start - minute + MINUTES_PER_WEEK) % MINUTES_PER_WEEK || MINUTES_PER_WEEK;
    if (!best || ahead < best.ahead) best = { range, ahead };
  }
  if (!best) return null;
  return { weekday: best.range.weekday, time: best.range.from, today: now.minutes + best.ahead < MINUTES_PER_DAY };
}

/**
 * Which windows are open at `now`, as a short string: the restaurant's hours ('o' open, 'c' closed) then one bit per
 * schedule given (null schedules, always open, are left out) in hexadecimal. It changes exactly when a window opens or
 * closes, so a cached menu keyed on it is rebuilt at each boundary without a write.
 */
export function openStateKey(
  schedules: readonly (Schedule | null)[],
  hours: WorkingHours | null,
  now: WeekMoment,
): string {
  let digits = '';
  let nibble = 0;
  let bits = 0;
  for (const schedule of schedules) {
    if (!schedule) continue;
    nibble = nibble * 2 + (scheduleOpen(schedule, now) ? 1 : 0);
    if (++bits === 4) {
      digits += nibble.toString(16);
      nibble = 0;
      bits = 0;
    }
  }
  // A last, partial group keeps its length in the key: "1" of one bit differs from "1" of three.
  if (bits > 0) digits += `${nibble.toString(16)}/${bits}`;
  return `${hoursOpen(hours, now) ? 'o' : 'c'}${digits}`;
}
