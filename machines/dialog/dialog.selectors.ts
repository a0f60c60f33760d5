import type { SnapshotFrom } from 'xstate';
import type { dialogMachine } from './dialog.machine';
import type { DialogMode } from './dialog.types';

type DialogSnapshot = SnapshotFrom<typeof dialogMachine>;

export const selectIsOpen = (s: DialogSnapshot) => s.matches('open');
export const selectMode = (s: DialogSnapshot): DialogMode =>
  s.matches({ open: { mode: 'edit' } }) ? 'edit' : 'create';
export const selectIsLoading = (s: DialogSnapshot) => s.matches({ open: { flow: 'loading' } });
export const selectLoadFailed = (s: DialogSnapshot) => s.matches({ open: { flow: 'loadFailed' } });
export const selectIsSaving = (s: DialogSnapshot) => s.matches({ open: { flow: 'saving' } });
export const selectFailure = (s: DialogSnapshot) =>
  s.matches({ open: { flow: 'failed' } }) ? s.context.failure : null;
export const selectValues = (s: DialogSnapshot) => s.context.values;
export const selectErrors = (s: DialogSnapshot) => s.context.errors;
export const selectItem = (s: DialogSnapshot) => s.context.item;
export const selectOptions = (s: DialogSnapshot) => s.context.options;
