import type { SnapshotFrom } from 'xstate';
import { uzTelegram } from '../../lib/uz-telegram';
import type { digestTimeMachine } from './digestTime.machine';
import { digestChanged, isValidDigestForm, toDigestChange } from './digestTime.rules';

type Snapshot = SnapshotFrom<typeof digestTimeMachine>;

export const selectDigestValues = (s: Snapshot) => s.context.values;
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
/** The form differs from what the server stored. */
export const selectUnsaved = (s: Snapshot) => digestChanged(s.context.values, s.context.stored);
/** The time's error, once a save was asked for (then updated as the manager types). */
export const selectTimeError = (s: Snapshot): string | null =>
  s.context.showErrors && !isValidDigestForm(s.context.values) ? uzTelegram.digestTimeInvalid : null;

/** The last save's result under the form: green with what is now stored; red with the server's reason. */
export function selectSaveResult(s: Snapshot): { ok: boolean; message: string } | null {
  if (s.matches('saved'))
    return { ok: true, message: uzTelegram.digestSaved(toDigestChange(s.context.stored).digest_time) };
  if (s.matches('failed') && s.context.error !== null) return { ok: false, message: s.context.error };
  return null;
}
