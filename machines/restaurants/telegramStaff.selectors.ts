import type { SnapshotFrom } from 'xstate';
import { uzTelegram } from '../../lib/uz-telegram';
import type { telegramStaffMachine } from './telegramStaff.machine';

type Snapshot = SnapshotFrom<typeof telegramStaffMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('loadFailed');
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectEntries = (s: Snapshot) => s.context.entries;
export const selectDraft = (s: Snapshot) => s.context.draft;
/** The list differs from what the server stored: a reload would lose it. */
export const selectUnsaved = (s: Snapshot) =>
  s.context.entries.length !== s.context.saved.length || s.context.entries.some((e, i) => e !== s.context.saved[i]);
/** The last save's result as the section shows it: green when saved, red with the server's reason when not. */
export const selectSaveResult = (s: Snapshot): { ok: boolean; message: string } | null =>
  s.matches('saved')
    ? { ok: true, message: uzTelegram.telegramStaffSaved }
    : s.matches('failed') && s.context.error !== null
      ? { ok: false, message: s.context.error }
      : null;
