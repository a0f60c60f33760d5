import type { SnapshotFrom } from 'xstate';
import type { ConfirmDeleteRef } from '../shared/confirmDelete.machine';
import type { optionMachine } from './option.machine';
import type { optionListMachine } from './optionList.machine';
import { choicesNote } from './options.rules';
import type { rowMachine } from './row.machine';

type ListSnapshot = SnapshotFrom<typeof optionListMachine>;
type OptionSnapshot = SnapshotFrom<typeof optionMachine>;
type RowSnapshot = SnapshotFrom<typeof rowMachine>;

export const selectIsLoading = (s: ListSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ListSnapshot) => s.matches('failed');
export const selectOptionRefs = (s: ListSnapshot) => s.context.options;
export const selectIsEmpty = (s: ListSnapshot) => s.matches('ready') && s.context.options.length === 0;
export const selectSelectedId = (s: ListSnapshot) => s.context.selectedId;

export const selectOption = (s: OptionSnapshot) => s.context.option;
export const selectIsExpanded = (s: OptionSnapshot) => s.matches({ card: 'expanded' });
export const selectRowRefs = (s: OptionSnapshot) => s.context.rows;
export const selectRowsLoading = (s: OptionSnapshot) => s.matches({ rows: 'loading' });
export const selectRowsFailed = (s: OptionSnapshot) => s.matches({ rows: 'failed' });
export const selectRowsEmpty = (s: OptionSnapshot) => s.matches({ rows: 'ready' }) && s.context.rows.length === 0;
export const selectOptionConfirming = (s: OptionSnapshot) => s.matches({ removal: 'confirming' });
/** The card's running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectOptionConfirmDelete = (s: OptionSnapshot) =>
  s.children.confirmDelete as ConfirmDeleteRef | undefined;

export const selectRow = (s: RowSnapshot) => s.context.row;
export const selectRowConfirming = (s: RowSnapshot) => s.matches('confirming');
/** The row's running confirm-delete cycle: the view reads from it whether the call runs (isDeleting). */
export const selectRowConfirmDelete = (s: RowSnapshot) => s.children.confirmDelete as ConfirmDeleteRef | undefined;
export const selectRowCanDelete = (s: RowSnapshot) => s.matches('idle');

/** The languages the restaurant's menu offers (badges of missing translations, the forms' tabs). */
export const selectLanguages = (s: ListSnapshot) => s.context.languages;

/** The card's note of how many rows a diner chooses, when more than one may be (options.rules choicesNote). */
export const selectChoicesNote = (s: OptionSnapshot) => choicesNote(s.context.option);
