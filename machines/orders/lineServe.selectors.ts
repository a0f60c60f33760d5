import type { SnapshotFrom } from 'xstate';
import type { StaffOrder } from '../../client/orders';
import type { LineServeContext, lineServeMachine } from './lineServe.machine';

type Snapshot = SnapshotFrom<typeof lineServeMachine>;

/** A line's move runs: every "Berildi" of a line waits (one at a time). */
export const selectLineServeBusy = (s: Snapshot) => s.hasTag('serving');
/** The line whose move runs (its button shows a spinner), else null. */
export const selectServingLine = (s: Snapshot) =>
  s.hasTag('serving') ? { orderId: s.context.orderId, index: s.context.index } : null;
/** The last move's refusal, or null unless the last move failed. */
export const selectLineServeFailure = (s: Snapshot): LineServeContext | null =>
  s.matches('failed') ? s.context : null;

/**
 * The refusal shown under one of this order's lines (which one, why): its move's, while the card shows the copy the
 * button was pressed on (a newer one, from the stream or a re-read, tells its own state).
 */
export const lineServeError = (
  failure: LineServeContext | null,
  order: StaffOrder,
): { index: number; text: string } | null =>
  failure && failure.orderId === order._id && failure.version === order.updatedAt && failure.index !== null
    ? { index: failure.index, text: failure.error ?? '' }
    : null;
