import { badRequest } from '../../errors';
import { messages } from '../../messages';

/** The longest period one report covers: a year, leap day included. */
export const MAX_PERIOD_DAYS = 366;

/** A report's period: the restaurant's days, both ends included, and every day of it in order. */
export interface Period {
  from: string;
  to: string;
  days: string[];
}

const DAY_MS = 86_400_000;

/** A calendar date as days since 1970-01-01, or undefined when `text` is not a real YYYY-MM-DD date. */
function dayNumber(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // 2026-02-30 would roll over to March: not a date.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

/** The period `from`–`to` (each a YYYY-MM-DD date), refused with a 400 saying what is wrong with it. */
export function parsePeriod(from: string, to: string): Period {
  const first = dayNumber(from);
  if (first === undefined) throw badRequest(messages.insightsDateInvalid('from'));
  const last = dayNumber(to);
  if (last === undefined) throw badRequest(messages.insightsDateInvalid('to'));
  if (last < first) throw badRequest(messages.insightsPeriodReversed);
  if (last - first + 1 > MAX_PERIOD_DAYS) throw badRequest(messages.insightsPeriodTooLong(MAX_PERIOD_DAYS));
  const days: string[] = [];
  for (let day = first; day <= last; day++) days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  return { from, to, days };
}
