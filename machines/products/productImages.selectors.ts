import type { SnapshotFrom } from 'xstate';
import type { productImagesMachine } from './productImages.machine';

type Snapshot = SnapshotFrom<typeof productImagesMachine>;

export const selectIsUploading = (s: Snapshot) => s.matches('uploading');
/** 0–100 for the progress bar. */
export const selectPercent = (s: Snapshot) =>
  s.context.total > 0 ? Math.round((s.context.loaded / s.context.total) * 100) : 0;
export const selectUrls = (s: Snapshot) => s.context.urls;
export const selectError = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
/** The names of the files last picked, for the picker. */
export const selectPicked = (s: Snapshot) => s.context.picked;
