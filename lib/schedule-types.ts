/**
 * When a category or a dish is served ("Nonushta 08:00–11:00", "Biznes-lanch Du–Ju 12:00–15:00") and when the
 * restaurant is open. Times are the restaurant's wall clock in its time zone; days are ISO weekdays (1 = Monday …
 * 7 = Sunday). A window whose `to` is before its `from` crosses midnight and belongs to the day it starts on.
 * The shapes are the API's; the rules that read them are in lib/schedule.ts.
 */

export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** "HH:MM", 00:00–23:59. */
export type ClockTime = string;

/** What the menu does with a category or dish outside its hours: show it greyed ("08:00 dan") or leave it out. */
export const OUTSIDE_MODES = ['grey', 'hide'] as const;
export type OutsideMode = (typeof OUTSIDE_MODES)[number];

export interface Schedule {
  days: Weekday[];
  from: ClockTime;
  to: ClockTime;
  outside: OutsideMode;
}

/** Per weekday ("1"…"7"), the day's opening intervals; a day left out is a day off. null on the restaurant: always open. */
export type WorkingHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', [ClockTime, ClockTime][]>>;

export const DEFAULT_TIME_ZONE = 'Asia/Tashkent';

export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
