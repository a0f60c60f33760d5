import type { Schedule, Weekday } from '../../../lib/schedule-types';

/** A schedule as the API received it (already checked: rejectBadHours and the schema in server/schemas/schedule.ts). */
interface ReceivedSchedule {
  days: number[];
  from: string;
  to: string;
  outside: Schedule['outside'];
}

/**
 * A category's or dish's schedule as it is stored: its days in the week's order, so the same schedule reads back the
 * same however it was sent. undefined (not sent) stays undefined, which an update leaves as it is; null clears it.
 */
export function storedSchedule(schedule: ReceivedSchedule | null | undefined): Schedule | null | undefined {
  if (!schedule) return schedule;
  const days = [...schedule.days].sort((a, b) => a - b) as Weekday[];
  return { days, from: schedule.from, to: schedule.to, outside: schedule.outside };
}
