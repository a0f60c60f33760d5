import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { isValidTimeZone, overlappingRanges } from '../../lib/schedule';
import {
  CLOCK_TIME_PATTERN,
  DEFAULT_TIME_ZONE,
  OUTSIDE_MODES,
  type WorkingHours as WorkingHoursValue,
} from '../../lib/schedule-types';
import { badRequest } from '../errors';
import { messages } from '../messages';
import { ErrorBody, Text } from './common';

/**
 * The API's shapes of a category's or dish's schedule and of a restaurant's time zone and working hours (the rules
 * that read them: lib/schedule.ts), and the checks JSON Schema cannot say: a time that is a clock time, a window that
 * is not empty, working hours that do not overlap, a time zone that exists.
 */

const ClockTime = Text({ pattern: CLOCK_TIME_PATTERN, description: '`HH:MM`, 00:00-23:59' });

const WINDOW_RULE =
  'A `to` before `from` crosses midnight and belongs to the day it starts on (Monday 22:00-02:00 is open on Tuesday ' +
  'at 01:00); open at `from`, closed at `to`; `from` and `to` differ.';

export const Schedule = Type.Union(
  [
    Type.Object(
      {
        days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
          minItems: 1,
          maxItems: 7,
          uniqueItems: true,
          description: 'ISO weekdays it is served on: 1 = Monday … 7 = Sunday; at least one, each once',
        }),
        from: ClockTime,
        to: ClockTime,
        outside: Type.Enum([...OUTSIDE_MODES], {
          description:
            'Outside its hours the public menu shows it greyed with "08:00 dan" (`grey`) or leaves it out (`hide`)',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      "The days and hours it is served, in the restaurant's time zone; outside them it cannot be ordered (409). " +
      `${WINDOW_RULE} null: no limit of its own.`,
  },
);

/** When the day's digest goes to the restaurant's Telegram channel, in its time zone; null: no digest. */
export const DigestTime = Type.Union([ClockTime, Type.Null()], {
  description:
    "`HH:MM`: when the day's digest (orders, revenue, top dishes, stop-list misses, slowest call answer) goes to the " +
    "restaurant's Telegram channel, in its `time_zone`; before 12:00 it tells of the day before. null: no digest. " +
    'Default 23:00.',
});

export const TimeZone = Text({
  minLength: 1,
  maxLength: 64,
  description: `IANA time zone its schedules and working hours are read in (default \`${DEFAULT_TIME_ZONE}\`)`,
});

const Intervals = Type.Array(Type.Array(ClockTime, { minItems: 2, maxItems: 2, description: '`[from, to]`' }), {
  maxItems: 6,
  description: "The day's opening intervals; empty or absent: a day off",
});

export const WorkingHours = Type.Union(
  [
    Type.Object(
      {
        '1': Type.Optional(Intervals),
        '2': Type.Optional(Intervals),
        '3': Type.Optional(Intervals),
        '4': Type.Optional(Intervals),
        '5': Type.Optional(Intervals),
        '6': Type.Optional(Intervals),
        '7': Type.Optional(Intervals),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'When the restaurant takes orders and waiter calls, per ISO weekday (`"1"` = Monday … `"7"` = Sunday), e.g. ' +
      '`{ "1": [["10:00", "23:00"]], "5": [["10:00", "14:00"], ["18:00", "02:00"]] }`. ' +
      `${WINDOW_RULE} Intervals may touch but not overlap, across days too; at most 6 a day. null: always open; ` +
      '`{}` (no interval at all): never open.',
  },
);

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const CLOCK_TIME = new RegExp(CLOCK_TIME_PATTERN);
const isClockTime = (value: unknown): value is string => typeof value === 'string' && CLOCK_TIME.test(value);

/** The first fault of a from–to pair that JSON Schema would word poorly or cannot see; undefined if none. */
function windowProblem(from: unknown, to: unknown, field: string): string | undefined {
  if (typeof from === 'string' && !isClockTime(from)) return messages.clockTimeInvalid(`${field}.from`);
  if (typeof to === 'string' && !isClockTime(to)) return messages.clockTimeInvalid(`${field}.to`);
  if (isClockTime(from) && from === to) return messages.timeWindowEmpty(field);
  return undefined;
}

function scheduleProblem(value: unknown, field: string): string | undefined {
  if (!isObject(value)) return undefined;
  return windowProblem(value.from, value.to, field);
}

function workingHoursProblem(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  let wellFormed = true;
  for (const [day, intervals] of Object.entries(value)) {
    if (!Array.isArray(intervals)) {
      wellFormed = false;
      continue;
    }
    for (const [index, interval] of intervals.entries()) {
      if (!Array.isArray(interval) || interval.length !== 2) {
        wellFormed = false;
        continue;
      }
      const field = `working_hours.${day}.${index}`;
      if (typeof interval[0] === 'string' && !isClockTime(interval[0])) return messages.clockTimeInvalid(`${field}.0`);
      if (typeof interval[1] === 'string' && !isClockTime(interval[1])) return messages.clockTimeInvalid(`${field}.1`);
      if (!isClockTime(interval[0]) || !isClockTime(interval[1])) wellFormed = false;
      else if (interval[0] === interval[1]) return messages.timeWindowEmpty(field);
    }
  }
  // Overlaps are only looked for in hours the schema will accept (its own refusal names anything else).
  if (!wellFormed || !Object.keys(value).every((day) => /^[1-7]$/.test(day))) return undefined;
  const overlap = overlappingRanges(value as WorkingHoursValue);
  return overlap ? messages.workingHoursOverlap(overlap[1], overlap[0]) : undefined;
}

function timeZoneProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || isValidTimeZone(value)) return undefined;
  return messages.unknownTimeZone(value);
}

/**
 * preValidation hook for the body fields named: a schedule, working hours or a time zone at fault answers 400 with a
 * sentence that says what is wrong (a time "25:00", a window 10:00–10:00, two intervals that overlap, "Asia/Samarqand"),
 * before the schema check, whose own messages cover the rest (a missing field, a day 8, an unknown `outside`).
 */
export function rejectBadHours(fields: {
  schedule?: boolean;
  working_hours?: boolean;
  time_zone?: boolean;
  digest_time?: boolean;
}) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (!isObject(body)) return;
    const problem =
      (fields.schedule ? scheduleProblem(body.schedule, 'schedule') : undefined) ??
      (fields.working_hours ? workingHoursProblem(body.working_hours) : undefined) ??
      (fields.time_zone ? timeZoneProblem(body.time_zone) : undefined) ??
      (fields.digest_time && typeof body.digest_time === 'string' && !isClockTime(body.digest_time)
        ? messages.digestTimeInvalid
        : undefined);
    if (problem) throw badRequest(problem);
  };
}

const OpensAt = Type.Union(
  [
    Type.Object({
      weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 = Monday … 7 = Sunday' }),
      time: Type.String({ description: '`HH:MM` in the restaurant’s time zone' }),
      today: Type.Boolean({ description: 'Later on the same local day' }),
    }),
    Type.Null(),
  ],
  { description: 'When the restaurant next opens; null: its working hours have no interval at all' },
);

/** What a refusal out of the restaurant's working hours adds to the error body. */
export const ClosedFields = {
  closed: Type.Literal(true, { description: 'The restaurant is closed by its working hours' }),
  opens_at: OpensAt,
};

/** A waiter call while the restaurant is closed. */
export const ClosedAnswer = Type.Object(
  { ...ErrorBody.properties, ...ClosedFields },
  {
    description:
      'The restaurant is closed now (`message`: "Restoran hozir yopiq, 10:00 da ochiladi."); nothing was created',
  },
);
