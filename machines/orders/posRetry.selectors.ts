import type { SnapshotFrom } from 'xstate';
import type { StaffOrder } from '../../client/orders';
import type { PosRetryContext, posRetryMachine } from './posRetry.machine';

type Snapshot = SnapshotFrom<typeof posRetryMachine>;

/** A retry is running: every "Qayta yuborish" waits (one at a time). */
export const selectPosRetryBusy = (s: Snapshot) => s.hasTag('retrying');
/** The order whose retry is running (its button shows a spinner), else null. */
export const selectPosRetryingId = (s: Snapshot) => (s.hasTag('retrying') ? s.context.orderId : null);
/** The last retry's refusal (which order, which copy of it, why), or null unless the last retry failed. */
export const selectPosRetryFailure = (s: Snapshot): PosRetryContext | null => (s.matches('failed') ? s.context : null);

/**
 * The reason shown under this order's "Qayta yuborish": the refusal of its retry, while the card still shows the copy
 * the button was pressed on (a newer one, from the stream or a re-read, tells its own state).
 */
export const posRetryError = (failure: PosRetryContext | null, order: StaffOrder): string | null =>
  failure && failure.orderId === order._id && failure.version === order.updatedAt ? failure.error : null;
