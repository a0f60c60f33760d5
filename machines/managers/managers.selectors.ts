import type { SnapshotFrom } from 'xstate';
import type { managersMachine } from './managers.machine';

type Snapshot = SnapshotFrom<typeof managersMachine>;

export const selectIsFirstLoad = (s: Snapshot) => s.matches('loading') && s.context.managers.length === 0;
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
export const selectManagers = (s: Snapshot) => s.context.managers;
export const selectIsEmpty = (s: Snapshot) => s.matches('ready') && s.context.managers.length === 0;
export const selectDeleteTarget = (s: Snapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting')
    ? (s.context.managers.find((m) => m._id === s.context.targetId) ?? null)
    : null;
export const selectIsDeleting = (s: Snapshot) => s.matches('deleting');
export const selectBusyId = (s: Snapshot) =>
  s.matches('deleting') || s.matches('toggling') ? s.context.targetId : null;
