import type { SnapshotFrom } from 'xstate';
import type { productDetailMachine } from './productDetail.machine';

type Snapshot = SnapshotFrom<typeof productDetailMachine>;

export const selectIsLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectProduct = (s: Snapshot) => (s.matches('ready') ? s.context.product : null);
export const selectIsConfirming = (s: Snapshot) =>
  s.matches({ ready: 'confirming' }) || s.matches({ ready: 'deleting' });
export const selectIsDeleting = (s: Snapshot) => s.matches({ ready: 'deleting' });
export const selectCanDelete = (s: Snapshot) => s.matches({ ready: 'idle' });
