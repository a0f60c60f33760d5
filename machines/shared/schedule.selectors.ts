import type { SnapshotFrom } from 'xstate';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { dialogMachine } from '../dialog/dialog.machine';
import { describeSchedule, isClockTime, SCHEDULE_KEYS, type ScheduleShape, scheduleOf } from './schedule.rules';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

/** "Har doim" is on: the item has no schedule. */
export const selectScheduleAlways = (s: DialogSnapshot) => s.context.values[SCHEDULE_KEYS.always] !== false;

/** The folded section's line: "Har doim", or the schedule as typed so far ("Du–Ju 12:00–15:00"). */
export function selectScheduleSummary(s: DialogSnapshot): string {
  const schedule = scheduleOf(s.context.values);
  if (!schedule) return uzDishFacts.scheduleAlways;
  const time = (value: string) => (isClockTime(value) ? value : '…');
  return describeSchedule({ ...schedule, from: time(schedule.from), to: time(schedule.to) });
}

/** The schedule has an error shown: its section opens to show it. */
export const selectScheduleHasErrors = (s: DialogSnapshot) =>
  Object.values(SCHEDULE_KEYS).some((key) => s.context.errors[key] !== undefined);

/** A stored item's schedule as a list shows it beside the name; null when it is served always. */
export function scheduleText(schedule: ScheduleShape | null | undefined): string | null {
  return schedule ? describeSchedule(schedule) : null;
}
