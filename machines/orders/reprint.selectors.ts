import type { SnapshotFrom } from 'xstate';
import type { StaffOrder } from '../../client/orders';
import type { ReprintContext, reprintMachine } from './reprint.machine';

type Snapshot = SnapshotFrom<typeof reprintMachine>;

/** A reprint runs: every "Qayta chop etish" waits (one at a time). */
export const selectReprintBusy = (s: Snapshot) => s.hasTag('printing');
/** The order whose reprint runs (its button shows a spinner), else null. */
export const selectReprintingId = (s: Snapshot) => (s.hasTag('printing') ? s.context.orderId : null);
export const selectReprintFailure = (s: Snapshot): ReprintContext | null => (s.matches('failed') ? s.context : null);

/** The reason under this order's button: its reprint's refusal, while the card shows the copy it was pressed on. */
export const reprintError = (failure: ReprintContext | null, order: StaffOrder): string | null =>
  failure && failure.orderId === order._id && failure.version === order.updatedAt ? failure.error : null;
