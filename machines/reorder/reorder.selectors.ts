import type { SnapshotFrom } from 'xstate';
import type { reorderMachine } from './reorder.machine';

type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;

/** The positions shown (ids, first to last). */
export const selectPositionIds = (s: ReorderSnapshot | undefined) => s?.context.ids ?? EMPTY;
export const selectIsDragging = (s: ReorderSnapshot | undefined) => s?.matches({ drag: 'dragging' }) ?? false;
export const selectIsSavingPositions = (s: ReorderSnapshot | undefined) => s?.matches({ save: 'saving' }) ?? false;

const EMPTY: string[] = [];
