import { describe, expect, it } from 'vitest';
import { digestDay } from '../../server/domain/insights/digest';
import { MAX_PERIOD_DAYS, parsePeriod } from '../../server/domain/insights/period';
import { medianOf, slowestOf } from '../../server/domain/insights/report';
import { HttpError } from '../../server/errors';
import { messages } from '../../server/messages';

/** The owner's report's own rules (server/domain/insights): its period, the digest's day, medians and the slowest. */

const refusal = (from: string, to: string) => {
  try {
    parsePeriod(from, to);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return { status: (error as HttpError).statusCode, message: (error as Error).message };
  }
  throw new Error(`${from}–${to} was taken`);
};

describe('parsePeriod', () => {
  it('answers every day from the first to the last, both included, across a month and a year', () => {
    expect(parsePeriod('2026-12-30', '2027-01-02')).toEqual({
      from: '2026-12-30',
      to: '2027-01-02',
      days: ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'],
    });
    expect(parsePeriod('2028-02-28', '2028-03-01').days).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(parsePeriod('2026-05-05', '2026-05-05').days).toEqual(['2026-05-05']);
  });

  it('refuses a date that is not one, naming which end', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01x', 'x2026-01-01', '']) {
      expect(refusal(bad, '2026-03-01')).toEqual({ status: 400, message: messages.insightsDateInvalid('from') });
      expect(refusal('2026-01-01', bad)).toEqual({ status: 400, message: messages.insightsDateInvalid('to') });
    }
    expect(refusal('2027-02-29', '2027-03-01').message).toBe(messages.insightsDateInvalid('from'));
  });

  it('refuses an end before the start', () => {
    expect(refusal('2026-05-02', '2026-05-01')).toEqual({ status: 400, message: messages.insightsPeriodReversed });
  });

  it(`takes ${MAX_PERIOD_DAYS} days, a leap year's, and refuses one more`, () => {
    expect(parsePeriod('2028-01-01', '2028-12-31').days).toHaveLength(MAX_PERIOD_DAYS);
    expect(refusal('2028-01-01', '2029-01-01')).toEqual({
      status: 400,
      message: messages.insightsPeriodTooLong(MAX_PERIOD_DAYS),
    });
  });
});

describe('digestDay', () => {
  const due = (digest_time: string) => ({ digest_time, today: '2026-12-05', yesterday: '2026-12-04' });
  it('tells of the day before when sent before noon, of the same day from noon on', () => {
    expect(digestDay(due('00:00'))).toBe('2026-12-04');
    expect(digestDay(due('11:59'))).toBe('2026-12-04');
    expect(digestDay(due('12:00'))).toBe('2026-12-05');
    expect(digestDay(due('23:00'))).toBe('2026-12-05');
  });
});

describe('medianOf and slowestOf', () => {
  it('answers null when nothing was measured', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([[30, 0]])).toBeNull();
    expect(slowestOf([])).toBeNull();
    expect(slowestOf([[30, 0]])).toBeNull();
  });

  it('takes the middle second of an odd count, whatever order the distribution comes in', () => {
    expect(
      medianOf([
        [90, 1],
        [10, 1],
        [40, 1],
      ]),
    ).toBe(40);
    expect(
      medianOf([
        [10, 3],
        [90, 2],
      ]),
    ).toBe(10);
    expect(
      medianOf([
        [10, 2],
        [90, 3],
      ]),
    ).toBe(90);
  });

  it('takes the rounded mean of the two middle seconds of an even count, seconds counted zero times left out', () => {
    expect(
      medianOf([
        [10, 1],
        [20, 0],
        [41, 1],
      ]),
    ).toBe(26);
    expect(
      medianOf([
        [10, 2],
        [20, 2],
      ]),
    ).toBe(15);
    expect(
      medianOf([
        [10, 1],
        [20, 2],
        [60, 1],
      ]),
    ).toBe(20);
    expect(medianOf([[5, 4]])).toBe(5);
  });

  it('takes the longest second that was measured', () => {
    expect(
      slowestOf([
        [30, 2],
        [300, 0],
        [120, 1],
        [60, 5],
      ]),
    ).toBe(120);
  });
});
