import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { managersMachine } from './managers.machine';

type Snapshot = SnapshotFrom<typeof managersMachine>;

export const selectIsFirstLoad = (s: Snapshot) => s.matches('loading') && s.context.managers.length === 0;
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectManagers = (s: Snapshot) => s.context.managers;
export const selectIsEmpty = (s: Snapshot) => s.matches('ready') && s.context.managers.length === 0;
export const selectDeleteTarget = (s: Snapshot) =>
  s.matches('confirmingDelete') ? (s.context.managers.find((m) => m._id === s.context.targetId) ?? null) : null;
/** The manager whose deactivation is being asked about (null when no such question is open). */
export const selectDeactivateTarget = (s: Snapshot) =>
  s.matches('confirmingDeactivate') ? (s.context.managers.find((m) => m._id === s.context.targetId) ?? null) : null;
/** The running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectConfirmDelete = (s: Snapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
/** The manager whose activation change runs (its button shows a spinner). */
export const selectBusyId = (s: Snapshot) => (s.matches('toggling') ? s.context.targetId : null);
