import { isValidTimeZone, overlappingRanges } from '../../lib/schedule';
import { DEFAULT_TIME_ZONE, WEEKDAYS, type Weekday, type WorkingHours } from '../../lib/schedule-types';
import { TIME_ZONE_NAMES, uzDishFacts, WEEKDAY_SHORT } from '../../lib/uz-dish-facts';
import { isClockTime } from '../shared/schedule.rules';

/**
 * The restaurant page's "Ish vaqti": the time zone its hours and its menu's schedules are read in, and its working
 * hours, each weekday closed or open in one or more intervals ("Har doim ochiq": none, null). The form keeps every
 * day's intervals while "Har doim ochiq" is on, so turning it off again brings them back; what is saved and compared
 * is only what the API stores (toHoursChange).
 */

export type DayKey = '1' | '2' | '3' | '4' | '5' | '6' | '7';
export const DAY_KEYS: readonly DayKey[] = WEEKDAYS.map((day) => String(day) as DayKey);

export interface HoursInterval {
  from: string;
  to: string;
}

export interface HoursForm {
  time_zone: string;
  always_open: boolean;
  /** Each weekday's intervals; none: a day off. */
  days: Record<DayKey, HoursInterval[]>;
}

/** What the restaurant update takes of it. */
export interface HoursChange {
  time_zone: string;
  working_hours: WorkingHours | null;
}

/** The API allows six intervals a day (server/schemas/schedule.ts). */
export const MAX_INTERVALS = 6;

/** A day newly opened, or every day of a restaurant that had no hours: a usual restaurant's day. */
export const DEFAULT_INTERVAL: HoursInterval = { from: '10:00', to: '22:00' };

export const dayName = (day: DayKey) => WEEKDAY_SHORT[Number(day) - 1]!;

const everyDay = (intervals: (day: DayKey) => HoursInterval[]) =>
  Object.fromEntries(DAY_KEYS.map((day) => [day, intervals(day)])) as Record<DayKey, HoursInterval[]>;

/** A restaurant's stored time zone and hours (either may be missing from an older read) as the form. */
export function hoursFormOf(restaurant: { time_zone?: unknown; working_hours?: unknown }): HoursForm {
  const zone = typeof restaurant.time_zone === 'string' && restaurant.time_zone ? restaurant.time_zone : null;
  const hours =
    restaurant.working_hours && typeof restaurant.working_hours === 'object'
      ? (restaurant.working_hours as Record<string, unknown>)
      : null;
  return {
    time_zone: zone ?? DEFAULT_TIME_ZONE,
    always_open: hours === null,
    days: everyDay((day) => (hours ? storedIntervals(hours[day]) : [{ ...DEFAULT_INTERVAL }])),
  };
}

function storedIntervals(value: unknown): HoursInterval[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2)
    .map(([from, to]) => ({ from: String(from), to: String(to) }));
}

/** What a save sends: the zone, and null for "Har doim ochiq", else each open day's intervals (a day off left out). */
export function toHoursChange(form: HoursForm): HoursChange {
  if (form.always_open) return { time_zone: form.time_zone.trim(), working_hours: null };
  const hours: WorkingHours = {};
  for (const day of DAY_KEYS) {
    const intervals = form.days[day];
    if (intervals.length > 0) hours[day] = intervals.map(({ from, to }) => [from.trim(), to.trim()]);
  }
  return { time_zone: form.time_zone.trim(), working_hours: hours };
}

/** The form says something other than what was stored. */
export const hoursChanged = (form: HoursForm, stored: HoursForm) =>
  JSON.stringify(toHoursChange(form)) !== JSON.stringify(toHoursChange(stored));

/** A field's key in the errors: `time_zone`, `<day>.<index>.from|to`, `days` (no day open), `overlap`. */
export const intervalKey = (day: DayKey, index: number, part: keyof HoursInterval) => `${day}.${index}.${part}`;
export type HoursErrors = Record<string, string>;

/** Uzbek messages for what the API would refuse, so the manager sees them at the fields before saving. */
export function validateHoursForm(form: HoursForm): HoursErrors {
  const errors: HoursErrors = {};
  if (!isValidTimeZone(form.time_zone.trim())) errors.time_zone = uzDishFacts.timeZoneInvalid;
  if (form.always_open) return errors;
  let fieldErrors = false;
  for (const day of DAY_KEYS) {
    form.days[day].forEach(({ from, to }, index) => {
      if (!isClockTime(from.trim())) errors[intervalKey(day, index, 'from')] = uzDishFacts.timeInvalid;
      if (!isClockTime(to.trim())) errors[intervalKey(day, index, 'to')] = uzDishFacts.timeInvalid;
      else if (from.trim() === to.trim()) errors[intervalKey(day, index, 'to')] = uzDishFacts.timeSame;
    });
    fieldErrors ||= Object.keys(errors).some((key) => key.startsWith(`${day}.`));
  }
  if (DAY_KEYS.every((day) => form.days[day].length === 0)) errors.days = uzDishFacts.noOpenDay;
  // Overlaps are only worth reading once every time is a time.
  if (!fieldErrors) {
    const overlap = overlappingRanges(toHoursChange(form).working_hours ?? {});
    if (overlap) {
      const words = (range: { weekday: Weekday; from: string; to: string }) =>
        `${WEEKDAY_SHORT[range.weekday - 1]} ${range.from}–${range.to}`;
      errors.overlap = uzDishFacts.intervalsOverlap(words(overlap[1]), words(overlap[0]));
    }
  }
  return errors;
}

export const isValidHoursForm = (form: HoursForm) => Object.keys(validateHoursForm(form)).length === 0;

// ---- Edits (the machine's actions) ----

const withDay = (form: HoursForm, day: DayKey, intervals: HoursInterval[]): HoursForm => ({
  ...form,
  days: { ...form.days, [day]: intervals },
});

/** A day opened gets the hours of the nearest open day before it (a usual day when none is), closed loses them. */
export function withDayOpen(form: HoursForm, day: DayKey, open: boolean): HoursForm {
  if (!open) return withDay(form, day, []);
  if (form.days[day].length > 0) return form;
  const index = DAY_KEYS.indexOf(day);
  const before = [...DAY_KEYS.slice(0, index)].reverse().find((d) => form.days[d].length > 0);
  return withDay(form, day, before ? form.days[before].map((i) => ({ ...i })) : [{ ...DEFAULT_INTERVAL }]);
}

/** One more interval, starting where the day's last one ends (a lunch break: 10:00–15:00, then 18:00–…). */
export function withIntervalAdded(form: HoursForm, day: DayKey): HoursForm {
  const intervals = form.days[day];
  if (intervals.length >= MAX_INTERVALS) return form;
  const last = intervals.at(-1);
  return withDay(form, day, [...intervals, last ? { from: last.to, to: '' } : { ...DEFAULT_INTERVAL }]);
}

export function withIntervalRemoved(form: HoursForm, day: DayKey, index: number): HoursForm {
  return withDay(
    form,
    day,
    form.days[day].filter((_, i) => i !== index),
  );
}

export function withIntervalTime(
  form: HoursForm,
  day: DayKey,
  index: number,
  part: keyof HoursInterval,
  value: string,
): HoursForm {
  return withDay(
    form,
    day,
    form.days[day].map((interval, i) => (i === index ? { ...interval, [part]: value } : interval)),
  );
}

/** "Har kuni bir xil": this day's hours (closed included) on every day. */
export function withSameEveryDay(form: HoursForm, day: DayKey): HoursForm {
  const intervals = form.days[day];
  return { ...form, days: everyDay(() => intervals.map((i) => ({ ...i }))) };
}

// ---- The time zone select ----

/** The zone's offset now ("UTC+5"), as Intl knows it; '' for a zone it does not. */
export function zoneOffset(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    const offset = (part?.value ?? '').replace('GMT', '');
    return `UTC${offset}`;
  } catch {
    return '';
  }
}

/** The offered zones, the restaurant's own first when it is not among them, each named with its offset. */
export function timeZoneOptions(current: string, at: Date): Array<{ value: string; label: string }> {
  const zones = Object.keys(TIME_ZONE_NAMES);
  const all = zones.includes(current) || current.trim() === '' ? zones : [current, ...zones];
  return all.map((zone) => {
    const name = TIME_ZONE_NAMES[zone] ?? zone;
    const offset = zoneOffset(zone, at);
    return { value: zone, label: zone === 'UTC' || !offset ? name : `${name} (${offset})` };
  });
}
