import {
  CLOCK_TIME_PATTERN,
  OUTSIDE_MODES,
  type OutsideMode,
  type Schedule,
  WEEKDAYS,
  type Weekday,
} from '../../lib/schedule-types';
import { uzDishFacts, WEEKDAY_SHORT } from '../../lib/uz-dish-facts';
import type { DialogConfig, FieldErrors, FormValue, FormValues } from '../dialog/dialog.types';

/**
 * When a category or a dish is served, as the category and product forms edit it (one control, these rules). The form
 * holds it in five values: `schedule_always` ("Har doim": no schedule, null), the days as a sorted list
 * (`schedule_days`, "1,2,3"), `schedule_from`, `schedule_to` ("HH:MM") and `schedule_outside` (grey / hide). An edit
 * compares and sends it as one value, `schedule` (see scheduleShown): the API replaces a schedule whole, and days
 * typed while "Har doim" is on are no change.
 */

export const SCHEDULE_KEYS = {
  always: 'schedule_always',
  days: 'schedule_days',
  from: 'schedule_from',
  to: 'schedule_to',
  outside: 'schedule_outside',
} as const;
const KEYS = Object.values(SCHEDULE_KEYS) as string[];

/** The value an edit compares and sends: '' for "Har doim" (null), else the schedule as JSON. */
export const SCHEDULE_VALUE = 'schedule';

const CLOCK_TIME = new RegExp(CLOCK_TIME_PATTERN);
const text = (value: FormValue | undefined) => (typeof value === 'string' ? value.trim() : '');
const isWeekday = (value: number): value is Weekday => WEEKDAYS.includes(value as Weekday);

/** The days a form value holds, each once, Monday first. */
export function parseDays(value: FormValue | undefined): Weekday[] {
  const days = text(value)
    .split(',')
    .map((part) => Number(part))
    .filter(isWeekday);
  return WEEKDAYS.filter((day) => days.includes(day));
}

export const daysValue = (days: readonly Weekday[]) => WEEKDAYS.filter((day) => days.includes(day)).join(',');

/** The days value with `day` chosen or left out: what a day chip sends. */
export const withDayToggled = (value: FormValue | undefined, day: Weekday) => {
  const days = parseDays(value);
  return daysValue(days.includes(day) ? days.filter((d) => d !== day) : [...days, day]);
};

export const isClockTime = (value: string) => CLOCK_TIME.test(value);

/** A new form: "Har doim", with every day and "Kulrang ko'rsatish" ready for when it is turned off. */
export const SCHEDULE_EMPTY: FormValues = {
  [SCHEDULE_KEYS.always]: true,
  [SCHEDULE_KEYS.days]: daysValue(WEEKDAYS),
  [SCHEDULE_KEYS.from]: '',
  [SCHEDULE_KEYS.to]: '',
  [SCHEDULE_KEYS.outside]: 'grey',
};

const isOutside = (value: unknown): value is OutsideMode => OUTSIDE_MODES.includes(value as OutsideMode);

/** A stored schedule (or null) as the form's values. */
export function scheduleValues(schedule: unknown): FormValues {
  if (!schedule || typeof schedule !== 'object') return { ...SCHEDULE_EMPTY };
  const s = schedule as Partial<Record<keyof Schedule, unknown>>;
  const days = Array.isArray(s.days) ? s.days.filter((d): d is Weekday => typeof d === 'number' && isWeekday(d)) : [];
  return {
    [SCHEDULE_KEYS.always]: false,
    [SCHEDULE_KEYS.days]: daysValue(days),
    [SCHEDULE_KEYS.from]: typeof s.from === 'string' ? s.from : '',
    [SCHEDULE_KEYS.to]: typeof s.to === 'string' ? s.to : '',
    [SCHEDULE_KEYS.outside]: isOutside(s.outside) ? s.outside : 'grey',
  };
}

const isAlways = (values: FormValues) => values[SCHEDULE_KEYS.always] !== false;

/** The schedule the form describes; null for "Har doim". Meant for a valid form (scheduleErrors). */
export function scheduleOf(values: FormValues): Schedule | null {
  if (isAlways(values)) return null;
  const outside = values[SCHEDULE_KEYS.outside];
  return {
    days: parseDays(values[SCHEDULE_KEYS.days]),
    from: text(values[SCHEDULE_KEYS.from]),
    to: text(values[SCHEDULE_KEYS.to]),
    outside: isOutside(outside) ? outside : 'grey',
  };
}

/** Uzbek messages for a schedule that cannot be sent; none while "Har doim" is on. */
export function scheduleErrors(values: FormValues): FieldErrors {
  if (isAlways(values)) return {};
  const errors: FieldErrors = {};
  if (parseDays(values[SCHEDULE_KEYS.days]).length === 0) errors[SCHEDULE_KEYS.days] = uzDishFacts.daysRequired;
  const from = text(values[SCHEDULE_KEYS.from]);
  const to = text(values[SCHEDULE_KEYS.to]);
  if (!isClockTime(from)) errors[SCHEDULE_KEYS.from] = uzDishFacts.timeInvalid;
  if (!isClockTime(to)) errors[SCHEDULE_KEYS.to] = uzDishFacts.timeInvalid;
  else if (from === to) errors[SCHEDULE_KEYS.to] = uzDishFacts.timeSame;
  return errors;
}

/** The form's values with the five schedule values as the one `schedule` an edit compares (see the top). */
export function scheduleShown(values: FormValues): FormValues {
  const shown: FormValues = {};
  for (const [key, value] of Object.entries(values)) if (!KEYS.includes(key)) shown[key] = value;
  const schedule = scheduleOf(values);
  shown[SCHEDULE_VALUE] = schedule ? JSON.stringify(schedule) : '';
  return shown;
}

/** A create's `schedule`: sent only when the form has one (a new item is served always by default). */
export function scheduleToCreate(values: FormValues): { schedule?: Schedule } {
  const schedule = scheduleOf(values);
  return schedule ? { schedule } : {};
}

/** An update's `schedule` from an edit's changes (scheduleShown's value): null for "Har doim". */
export function scheduleToUpdate(changes: FormValues): { schedule?: Schedule | null } {
  const value = changes[SCHEDULE_VALUE];
  if (typeof value !== 'string') return {};
  return { schedule: value === '' ? null : (JSON.parse(value) as Schedule) };
}

/** A form config with the schedule control: its values, its checks and one `schedule` compared on an edit. */
export function withSchedule(config: DialogConfig): DialogConfig {
  const innerShown = config.shown ?? ((values: FormValues) => values);
  return {
    ...config,
    get empty() {
      return { ...config.empty, ...SCHEDULE_EMPTY };
    },
    fromItem: (item) => ({ ...config.fromItem(item), ...scheduleValues(item.schedule) }),
    validate: (values, mode) => ({ ...config.validate(values, mode), ...scheduleErrors(values) }),
    shown: (values) => scheduleShown(innerShown(values)),
  };
}

/** Days as a manager reads them: "Har kuni", runs of three or more as "Du–Ju", the rest one by one ("Du–Ch, Sh"). */
export function describeDays(days: readonly number[]): string {
  const sorted = WEEKDAYS.filter((day) => days.includes(day));
  if (sorted.length === WEEKDAYS.length) return uzDishFacts.everyDay;
  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    const name = (day: Weekday) => WEEKDAY_SHORT[day - 1]!;
    if (end - start >= 2) parts.push(`${name(sorted[start]!)}–${name(sorted[end]!)}`);
    else for (let i = start; i <= end; i++) parts.push(name(sorted[i]!));
    start = end + 1;
  }
  return parts.join(', ');
}

/** A schedule as an answer gives it (days as plain numbers). */
export type ScheduleShape = Pick<Schedule, 'from' | 'to'> & { days: readonly number[] };

/** "Du–Ju 12:00–15:00"; served every day: only the hours, "08:00–11:00". */
export function describeSchedule(schedule: ScheduleShape): string {
  const hours = `${schedule.from}–${schedule.to}`;
  const days = describeDays(schedule.days);
  return days === uzDishFacts.everyDay ? hours : `${days} ${hours}`;
}
