import { describe, expect, it } from 'vitest';
import {
  hoursOpen,
  isValidTimeZone,
  nextOpening,
  nextScheduleStart,
  openStateKey,
  overlappingRanges,
  scheduleOpen,
  wallClock,
} from '../../lib/schedule';
import type { Schedule, Weekday, WorkingHours } from '../../lib/schedule-types';

/**
 * The rules of menus that follow the clock (lib/schedule.ts): a window is open from its `from` up to (not at) its
 * `to`, a window crossing midnight belongs to the day it starts on, and the week wraps from Sunday to Monday.
 */

const at = (weekday: Weekday, time: string) => ({
  weekday,
  minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)),
});

const breakfast: Schedule = { days: [1, 2, 3, 4, 5, 6, 7], from: '08:00', to: '11:00', outside: 'grey' };
const businessLunch: Schedule = { days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00', outside: 'hide' };
const lateMonday: Schedule = { days: [1], from: '22:00', to: '02:00', outside: 'grey' };
const lateSunday: Schedule = { days: [7], from: '22:00', to: '02:00', outside: 'grey' };

describe('wallClock', () => {
  it('reads Tashkent’s clock (+05, no daylight saving) with its weekday and local date', () => {
    // 2026-03-02 is a Monday; 19:30 UTC is 00:30 on Tuesday in Tashkent.
    expect(wallClock(new Date('2026-03-02T19:30:00Z'), 'Asia/Tashkent')).toEqual({
      weekday: 2,
      minutes: 30,
      date: '2026-03-03',
    });
    expect(wallClock(new Date('2026-07-05T03:00:00Z'), 'Asia/Tashkent')).toEqual({
      weekday: 7,
      minutes: 8 * 60,
      date: '2026-07-05',
    });
  });

  it('follows daylight saving in Berlin: 07:00 UTC is 08:00 in winter and 09:00 in summer', () => {
    expect(wallClock(new Date('2026-01-12T07:00:00Z'), 'Europe/Berlin')).toEqual({
      weekday: 1,
      minutes: 8 * 60,
      date: '2026-01-12',
    });
    expect(wallClock(new Date('2026-07-13T07:00:00Z'), 'Europe/Berlin')).toEqual({
      weekday: 1,
      minutes: 9 * 60,
      date: '2026-07-13',
    });
    // The night the clocks go forward (29 March 2026): 00:59 UTC is 01:59, a minute later it is 03:00.
    expect(wallClock(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin').minutes).toBe(1 * 60 + 59);
    expect(wallClock(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin').minutes).toBe(3 * 60);
  });

  it('answers each minute’s clock in each zone, whichever instant of the minute asks and in whatever order', () => {
    // 23:59:59.999 in Tashkent is still the old day; the next millisecond is the next day's first minute.
    expect(wallClock(new Date('2026-03-02T18:59:00.000Z'), 'Asia/Tashkent')).toEqual({
      weekday: 1,
      minutes: 23 * 60 + 59,
      date: '2026-03-02',
    });
    expect(wallClock(new Date('2026-03-02T18:59:59.999Z'), 'Asia/Tashkent').date).toBe('2026-03-02');
    expect(wallClock(new Date('2026-03-02T18:59:59.999Z'), 'Europe/Berlin').minutes).toBe(19 * 60 + 59);
    expect(wallClock(new Date('2026-03-02T19:00:00.000Z'), 'Asia/Tashkent')).toEqual({
      weekday: 2,
      minutes: 0,
      date: '2026-03-03',
    });
    expect(wallClock(new Date('2026-03-02T18:59:30.000Z'), 'Asia/Tashkent').date).toBe('2026-03-02');
  });

  it('shows midnight as 00:00, not 24:00', () => {
    expect(wallClock(new Date('2026-03-01T19:00:00Z'), 'Asia/Tashkent')).toEqual({
      weekday: 1,
      minutes: 0,
      date: '2026-03-02',
    });
  });

  it('makes a breakfast open at 08:00 in the restaurant’s zone, whatever the server’s', () => {
    const justBefore = wallClock(new Date('2026-03-03T02:59:00Z'), 'Asia/Tashkent');
    const atEight = wallClock(new Date('2026-03-03T03:00:00Z'), 'Asia/Tashkent');
    expect(scheduleOpen(breakfast, justBefore)).toBe(false);
    expect(scheduleOpen(breakfast, atEight)).toBe(true);
    // The same instant in Berlin is 04:00: breakfast there is hours away.
    expect(scheduleOpen(breakfast, wallClock(new Date('2026-03-03T03:00:00Z'), 'Europe/Berlin'))).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones and refuses what is not one', () => {
    for (const zone of ['Asia/Tashkent', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'UTC']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Asia/Samarkand-City', 'Mars/Olympus', '', '+05:00', 'Tashkent', ' Asia/Tashkent']) {
      expect(isValidTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('scheduleOpen', () => {
  it('is open with no schedule', () => {
    expect(scheduleOpen(null, at(3, '03:00'))).toBe(true);
  });

  it('opens at `from` and closes at `to`', () => {
    expect(scheduleOpen(breakfast, at(2, '07:59'))).toBe(false);
    expect(scheduleOpen(breakfast, at(2, '08:00'))).toBe(true);
    expect(scheduleOpen(breakfast, at(2, '10:59'))).toBe(true);
    expect(scheduleOpen(breakfast, at(2, '11:00'))).toBe(false);
  });

  it('keeps to its days', () => {
    expect(scheduleOpen(businessLunch, at(5, '13:00'))).toBe(true);
    expect(scheduleOpen(businessLunch, at(6, '13:00'))).toBe(false);
  });

  it('carries a window past midnight into the next morning of the day it started on', () => {
    expect(scheduleOpen(lateMonday, at(1, '21:59'))).toBe(false);
    expect(scheduleOpen(lateMonday, at(1, '22:00'))).toBe(true);
    expect(scheduleOpen(lateMonday, at(2, '00:00'))).toBe(true);
    expect(scheduleOpen(lateMonday, at(2, '01:00'))).toBe(true);
    expect(scheduleOpen(lateMonday, at(2, '02:00'))).toBe(false);
    // Tuesday is not a start day, so Tuesday night stays closed; Monday's small hours belong to Sunday.
    expect(scheduleOpen(lateMonday, at(2, '22:00'))).toBe(false);
    expect(scheduleOpen(lateMonday, at(1, '01:00'))).toBe(false);
  });

  it('carries Sunday night into Monday morning across the week’s end', () => {
    expect(scheduleOpen(lateSunday, at(7, '23:30'))).toBe(true);
    expect(scheduleOpen(lateSunday, at(1, '01:59'))).toBe(true);
    expect(scheduleOpen(lateSunday, at(1, '02:00'))).toBe(false);
    expect(scheduleOpen(lateSunday, at(6, '01:00'))).toBe(false);
  });
});

describe('nextScheduleStart', () => {
  it('is today’s start while it is still ahead', () => {
    expect(nextScheduleStart(breakfast, at(3, '06:00'))).toEqual({ weekday: 3, time: '08:00', today: true });
  });

  it('is tomorrow’s once today’s has started', () => {
    expect(nextScheduleStart(breakfast, at(3, '08:00'))).toEqual({ weekday: 4, time: '08:00', today: false });
    expect(nextScheduleStart(breakfast, at(3, '11:00'))).toEqual({ weekday: 4, time: '08:00', today: false });
  });

  it('skips the days it is not served, wrapping from Sunday to Monday', () => {
    expect(nextScheduleStart(businessLunch, at(5, '16:00'))).toEqual({ weekday: 1, time: '12:00', today: false });
    expect(nextScheduleStart(businessLunch, at(7, '10:00'))).toEqual({ weekday: 1, time: '12:00', today: false });
  });

  it('is a week ahead when its only day is today and today’s has passed', () => {
    expect(nextScheduleStart(lateMonday, at(1, '23:00'))).toEqual({ weekday: 1, time: '22:00', today: false });
  });
});

describe('working hours', () => {
  const hours: WorkingHours = {
    '1': [['10:00', '23:00']],
    '2': [['10:00', '23:00']],
    '5': [
      ['10:00', '14:00'],
      ['18:00', '02:00'],
    ],
    '7': [['20:00', '03:00']],
  };

  it('are open always when there are none', () => {
    expect(hoursOpen(null, at(4, '04:00'))).toBe(true);
    expect(nextOpening(null, at(4, '04:00'))).toBeNull();
  });

  it('open at an interval’s start and close at its end', () => {
    expect(hoursOpen(hours, at(1, '09:59'))).toBe(false);
    expect(hoursOpen(hours, at(1, '10:00'))).toBe(true);
    expect(hoursOpen(hours, at(1, '22:59'))).toBe(true);
    expect(hoursOpen(hours, at(1, '23:00'))).toBe(false);
  });

  it('close between a day’s intervals and stay closed on a day off', () => {
    expect(hoursOpen(hours, at(5, '15:00'))).toBe(false);
    expect(hoursOpen(hours, at(3, '12:00'))).toBe(false);
  });

  it('carry an evening past midnight, and Sunday’s night into Monday', () => {
    expect(hoursOpen(hours, at(6, '01:59'))).toBe(true);
    expect(hoursOpen(hours, at(6, '02:00'))).toBe(false);
    expect(hoursOpen(hours, at(1, '02:59'))).toBe(true);
    expect(hoursOpen(hours, at(1, '03:00'))).toBe(false);
  });

  it('tell when they open next: later today, another day, or across the week’s end', () => {
    expect(nextOpening(hours, at(1, '08:00'))).toEqual({ weekday: 1, time: '10:00', today: true });
    expect(nextOpening(hours, at(5, '15:00'))).toEqual({ weekday: 5, time: '18:00', today: true });
    expect(nextOpening(hours, at(2, '23:30'))).toEqual({ weekday: 5, time: '10:00', today: false });
    expect(nextOpening(hours, at(6, '12:00'))).toEqual({ weekday: 7, time: '20:00', today: false });
    expect(nextOpening(hours, at(1, '03:00'))).toEqual({ weekday: 1, time: '10:00', today: true });
  });

  it('never open with no interval at all', () => {
    expect(hoursOpen({}, at(1, '12:00'))).toBe(false);
    expect(nextOpening({}, at(1, '12:00'))).toBeNull();
  });

  it('find intervals that overlap, Sunday’s night against Monday’s morning too, but not ones that touch', () => {
    expect(
      overlappingRanges({
        '1': [
          ['10:00', '14:00'],
          ['14:00', '23:00'],
        ],
      }),
    ).toBeNull();
    expect(overlappingRanges(hours)).toBeNull();
    expect(
      overlappingRanges({
        '3': [
          ['10:00', '15:00'],
          ['14:00', '23:00'],
        ],
      })?.map((range) => range.from),
    ).toEqual(['14:00', '10:00']);
    expect(
      overlappingRanges({ '2': [['22:00', '04:00']], '3': [['03:00', '12:00']] })?.map((range) => range.weekday),
    ).toEqual([3, 2]);
    expect(
      overlappingRanges({ '7': [['22:00', '04:00']], '1': [['03:00', '12:00']] })?.map((range) => range.weekday),
    ).toEqual([1, 7]);
  });
});

describe('openStateKey', () => {
  const schedules = [breakfast, null, businessLunch, lateSunday];
  const hours: WorkingHours = { '1': [['07:00', '23:30']], '7': [['07:00', '23:30']] };
  const keyAt = (weekday: Weekday, time: string) => openStateKey(schedules, hours, at(weekday, time));

  it('stays the same while no window opens or closes', () => {
    expect(keyAt(1, '08:00')).toBe(keyAt(1, '10:59'));
    expect(keyAt(1, '15:00')).toBe(keyAt(1, '23:00'));
  });

  it('changes at every boundary: a schedule’s from and to, the hours’, across midnight and the week’s end', () => {
    const boundaries: [Weekday, string, Weekday, string][] = [
      [1, '07:59', 1, '08:00'], // breakfast opens
      [1, '10:59', 1, '11:00'], // breakfast closes
      [1, '11:59', 1, '12:00'], // lunch opens
      [1, '14:59', 1, '15:00'], // lunch closes
      [1, '23:29', 1, '23:30'], // the restaurant closes
      [7, '21:59', 7, '22:00'], // Sunday's late menu opens
      [1, '01:59', 1, '02:00'], // …and closes on Monday
    ];
    for (const [dayBefore, before, dayAfter, after] of boundaries) {
      expect(keyAt(dayBefore, before), `${dayBefore} ${before}`).not.toBe(keyAt(dayAfter, after));
    }
    // Sunday 23:59 → Monday 00:00: the late menu and the closed hours carry on, so the key does too.
    expect(keyAt(7, '23:59')).toBe(keyAt(1, '00:00'));
  });

  it('is short', () => {
    const many = Array.from({ length: 200 }, () => breakfast);
    expect(openStateKey(many, hours, at(1, '09:00')).length).toBeLessThanOrEqual(51);
  });
});
