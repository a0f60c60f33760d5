import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload.machine';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

export const selectIsUploading = (s: Snapshot) => s.matches('uploading');
/** 0–100, for the progress bar. */
export const selectPercent = (s: Snapshot) =>
  s.matches('done') ? 100 : s.context.total > 0 ? Math.round((s.context.loaded / s.context.total) * 100) : 0;
export const selectIsDone = (s: Snapshot) => s.matches('done');
export const selectError = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectUrl = (s: Snapshot) => s.context.url;
/** The chosen file's name, for the picker (the browser's own control would say it in English). */
export const selectFileName = (s: Snapshot) => s.context.fileName;
