import type { SnapshotFrom } from 'xstate';
import type { orderingMachine } from './ordering.machine';

type OrderingSnapshot = SnapshotFrom<typeof orderingMachine>;

/** The order shown (ids). */
export const selectOrderIds = (s: OrderingSnapshot | undefined) => s?.context.ids ?? EMPTY;
export const selectIsDragging = (s: OrderingSnapshot | undefined) => s?.matches({ drag: 'dragging' }) ?? false;
export const selectIsSavingOrder = (s: OrderingSnapshot | undefined) => s?.matches({ save: 'saving' }) ?? false;

const EMPTY: string[] = [];
