import { useSelector } from '@xstate/react';
import { type ConfirmDeleteRef, isDeleting } from '../../machines/shared/confirmDelete.machine';

/**
 * Whether a screen's confirm-delete cycle runs its call (Ha pressed): the dialog's buttons wait. Subscribes to the
 * child itself: its move from `confirming` to `deleting` does not change the screen machine's own snapshot.
 */
export function useDeleting(cycle: ConfirmDeleteRef | undefined): boolean {
  return useSelector(cycle, isDeleting);
}
