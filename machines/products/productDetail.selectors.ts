import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { productDetailMachine } from './productDetail.machine';

type Snapshot = SnapshotFrom<typeof productDetailMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectProduct = (s: Snapshot) => (s.matches('ready') ? s.context.product : null);
export const selectIsConfirming = (s: Snapshot) => s.matches({ ready: 'confirming' });
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectCanDelete = (s: Snapshot) => s.matches({ ready: 'idle' });
