import type { SnapshotFrom } from 'xstate';
import type { telegramTestMachine } from './telegramTest.machine';

type Snapshot = SnapshotFrom<typeof telegramTestMachine>;

export const selectIsSending = (s: Snapshot) => s.matches('sending');
/** The last result as the page shows it: the server's sentence, green when sent, red when not; null before any. */
export const selectResult = (s: Snapshot): { ok: boolean; message: string } | null =>
  s.context.message === null || !(s.matches('sent') || s.matches('failed'))
    ? null
    : { ok: s.matches('sent'), message: s.context.message };
