import { clockMinutes } from '../../../lib/schedule';
import type { WorkingHours } from '../../../lib/schedule-types';

/** Working hours as the API received them (already checked: rejectBadHours and the schema in server/schemas/schedule.ts). */
type ReceivedHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', string[][]>>;

/**
 * The time zone and working hours a create or update sends, as they are stored: each day's intervals in the order of
 * the day and a day without any left out (both mean a day off), so the same hours read back the same however they
 * were sent. Fields not sent stay undefined, which an update leaves as they are; null working hours: always open.
 */
export function hoursChanges(body: { time_zone?: string; working_hours?: ReceivedHours | null }): {
  time_zone?: string;
  working_hours?: WorkingHours | null;
} {
  return {
    time_zone: body.time_zone,
    working_hours: body.working_hours === undefined ? undefined : storedHours(body.working_hours),
  };
}

function storedHours(hours: ReceivedHours | null): WorkingHours | null {
  if (hours === null) return null;
  const stored: WorkingHours = {};
  for (const [day, intervals] of Object.entries(hours) as [keyof WorkingHours, string[][]][]) {
    if (intervals.length === 0) continue;
    stored[day] = intervals
      .map(([from, to]) => [from!, to!] as [string, string])
      .sort((a, b) => clockMinutes(a[0]) - clockMinutes(b[0]));
  }
  return stored;
}
