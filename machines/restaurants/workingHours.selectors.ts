import type { SnapshotFrom } from 'xstate';
import { uzDishFacts } from '../../lib/uz-dish-facts';
import type { workingHoursMachine } from './workingHours.machine';
import {
  type DayKey,
  type HoursErrors,
  hoursChanged,
  MAX_INTERVALS,
  timeZoneOptions,
  validateHoursForm,
} from './workingHours.rules';

type Snapshot = SnapshotFrom<typeof workingHoursMachine>;

const NO_ERRORS: HoursErrors = {};

export const selectHoursValues = (s: Snapshot) => s.context.values;
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
/** The form's own errors, once a save was asked for (then updated as the manager types). */
export const selectHoursErrors = (s: Snapshot): HoursErrors =>
  s.context.showErrors ? validateHoursForm(s.context.values) : NO_ERRORS;
/** The form differs from what the server stored. */
export const selectUnsaved = (s: Snapshot) => hoursChanged(s.context.values, s.context.stored);
/** The day may take one more interval. */
export const selectCanAdd = (day: DayKey) => (s: Snapshot) => s.context.values.days[day].length < MAX_INTERVALS;
/** The zones offered, the restaurant's own included, named with their offset today. */
export const selectTimeZoneOptions = (s: Snapshot) => timeZoneOptions(s.context.values.time_zone, new Date());

/**
 * The last save's result under the form: green when stored; red with the server's reason when refused, or asking
 * to correct the marked fields when the form's own checks held the save.
 */
export function selectSaveResult(s: Snapshot): { ok: boolean; message: string } | null {
  if (s.matches('saved')) return { ok: true, message: uzDishFacts.hoursSaved };
  if (s.matches('failed') && s.context.error !== null) return { ok: false, message: s.context.error };
  const errors = selectHoursErrors(s);
  if (s.matches('editing') && Object.keys(errors).length > 0) {
    // A sentence of the form as a whole is the message itself; field errors are marked at their fields.
    return { ok: false, message: errors.days ?? errors.overlap ?? uzDishFacts.hoursInvalid };
  }
  return null;
}
