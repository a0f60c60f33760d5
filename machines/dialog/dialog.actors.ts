import { fromPromise } from 'xstate';
import type { DialogItem, DialogScope, FormValues } from './dialog.types';

/** What the dialog's loadOptions actor is given: the item edited (null: a new one) and the dialog's scope. */
export interface LoadOptionsInput {
  item: DialogItem | null;
  scope?: DialogScope;
}

/** What the dialog's create and update actors are given (TItem: the kind of item the dialog edits). */
export interface SaveInput<TItem extends DialogItem = DialogItem> {
  item: TItem | null;
  /** Create: every field (trimmed). Edit: only the changed fields. */
  values: FormValues;
  /**
   * What the dialog was opened for (a restaurant id, a product id…), from its input or its last `dialog.open`.
   * The dialog always gives it; optional so a test can call an actor that needs none with just item and values.
   */
  scope?: DialogScope;
}

/** The generic dialog's defaults: nothing to load, and no call until a feature provides its own. */
export const defaultDialogActors = {
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async () => null),
  create: fromPromise<unknown, SaveInput>(async () => {
    throw new Error('this dialog provides no create actor');
  }),
  update: fromPromise<unknown, SaveInput>(async () => {
    throw new Error('this dialog provides no update actor');
  }),
};
