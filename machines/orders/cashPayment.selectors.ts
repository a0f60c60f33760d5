import type { SnapshotFrom } from 'xstate';
import type { cashPaymentMachine } from './cashPayment.machine';

type Snapshot = SnapshotFrom<typeof cashPaymentMachine>;

/** The bill the question is open for (asking, paying, or refused), else null. */
export const selectCashBill = (s: Snapshot) => (s.hasTag('asking') ? s.context.bill : null);
export const selectCashPaying = (s: Snapshot) => s.hasTag('paying');
/** The refusal shown in the open question (the server's message). */
export const selectCashError = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
