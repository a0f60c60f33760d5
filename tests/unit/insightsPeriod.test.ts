import { describe, expect, it } from 'vitest';
import { MAX_PERIOD_DAYS, uzInsights } from '../../lib/uz-insights';
import {
  addDays,
  daysOf,
  formatDay,
  isCalendarDay,
  periodDays,
  periodText,
  presetPeriod,
  todayIn,
  validateRange,
  zoneOrDefault,
} from '../../machines/insights/period.rules';

/**
 * The report's period (machines/insights/period.rules.ts): days of the restaurant's own calendar. "Bugun" at the same
 * instant is another day in Tashkent than in New York; the checks of "Boshqa davr" speak Uzbek, one field at a time.
 */

describe("the presets are the restaurant's days", () => {
  // 19:30 UTC on 31 December 2026: New Year's Day already in Tashkent (UTC+5), still 31 December in New York.
  const NEW_YEAR_EVE = new Date('2026-12-31T19:30:00Z');

  it.each([
    ['Asia/Tashkent', 'today', { from: '2027-01-01', to: '2027-01-01' }],
    ['Asia/Tashkent', 'yesterday', { from: '2026-12-31', to: '2026-12-31' }],
    ['Asia/Tashkent', 'week', { from: '2026-12-26', to: '2027-01-01' }],
    ['Asia/Tashkent', 'month', { from: '2026-12-03', to: '2027-01-01' }],
    ['America/New_York', 'today', { from: '2026-12-31', to: '2026-12-31' }],
    ['America/New_York', 'yesterday', { from: '2026-12-30', to: '2026-12-30' }],
    ['America/New_York', 'week', { from: '2026-12-25', to: '2026-12-31' }],
  ] as const)('in %s, "%s" is %j', (zone, preset, period) => {
    expect(presetPeriod(preset, NEW_YEAR_EVE, zone)).toEqual(period);
  });

  it('"7 kun" and "30 kun" hold 7 and 30 days, today included', () => {
    expect(periodDays(presetPeriod('week', NEW_YEAR_EVE, 'Asia/Tashkent'))).toBe(7);
    expect(periodDays(presetPeriod('month', NEW_YEAR_EVE, 'Asia/Tashkent'))).toBe(30);
  });

  it("counts across a clock change by the calendar: Berlin's last March Sunday has 23 hours", () => {
    const afterChange = new Date('2026-03-30T10:00:00Z');
    expect(presetPeriod('week', afterChange, 'Europe/Berlin')).toEqual({ from: '2026-03-24', to: '2026-03-30' });
  });

  it("a zone Intl does not know, or none, counts Tashkent's days", () => {
    expect(zoneOrDefault('Mars/Olympus')).toBe('Asia/Tashkent');
    expect(zoneOrDefault('')).toBe('Asia/Tashkent');
    expect(zoneOrDefault(null)).toBe('Asia/Tashkent');
    expect(zoneOrDefault('Asia/Samarkand')).toBe('Asia/Samarkand');
    expect(todayIn(NEW_YEAR_EVE, 'Mars/Olympus')).toBe('2027-01-01');
  });
});

describe('calendar days', () => {
  it('steps over months, years and 29 February', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(() => addDays('2027-02-30', 1)).toThrow(RangeError);
  });

  it('knows a real day from text that only looks like one', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
    expect(isCalendarDay('1.2.2027')).toBe(false);
  });

  it('lists every day of a period; a reversed period has none', () => {
    expect(daysOf({ from: '2026-12-30', to: '2027-01-02' })).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(daysOf({ from: '2027-01-02', to: '2027-01-01' })).toEqual([]);
    expect(periodDays({ from: '2027-01-01', to: '2027-12-31' })).toBe(365);
  });

  it('writes days as Uzbek dates: one day, or first – last', () => {
    expect(formatDay('2026-05-07')).toBe('07.05.2026');
    expect(periodText({ from: '2026-05-07', to: '2026-05-07' })).toBe('07.05.2026');
    expect(periodText({ from: '2026-05-01', to: '2026-05-07' })).toBe('01.05.2026 – 07.05.2026');
  });
});

describe('"Boshqa davr" is checked before it is asked for', () => {
  const TODAY = '2026-12-03';

  it('accepts a period up to today, a single day, and a whole leap year', () => {
    expect(validateRange({ from: '2026-11-01', to: TODAY }, TODAY)).toEqual({});
    expect(validateRange({ from: TODAY, to: TODAY }, TODAY)).toEqual({});
    expect(validateRange({ from: '2024-01-01', to: '2024-12-31' }, TODAY)).toEqual({});
  });

  it.each([
    ['no first day', { from: '', to: TODAY }, { from: uzInsights.fromRequired }],
    ['no last day', { from: '2026-11-01', to: '' }, { to: uzInsights.toRequired }],
    ['neither', { from: '', to: '' }, { from: uzInsights.fromRequired, to: uzInsights.toRequired }],
    ['a day that does not exist', { from: '2026-02-30', to: TODAY }, { from: uzInsights.dateInvalid }],
    [
      'a first day after today',
      { from: '2026-12-04', to: '2026-12-05' },
      {
        from: uzInsights.rangeFuture,
        to: uzInsights.rangeFuture,
      },
    ],
    ['a last day after today', { from: '2026-12-01', to: '2026-12-04' }, { to: uzInsights.rangeFuture }],
    ['the last day before the first', { from: '2026-11-10', to: '2026-11-09' }, { to: uzInsights.rangeOrder }],
    ['a day more than the server takes', { from: '2025-01-01', to: '2026-01-02' }, { to: uzInsights.rangeTooLong }],
  ])('%s: %j', (_what, range, errors) => {
    expect(validateRange(range, TODAY)).toEqual(errors);
  });

  it(`says the limit the server keeps (${MAX_PERIOD_DAYS} days)`, () => {
    expect(uzInsights.rangeTooLong).toContain(String(MAX_PERIOD_DAYS));
    expect(validateRange({ from: '2025-01-01', to: '2026-01-01' }, TODAY)).toEqual({});
  });
});
