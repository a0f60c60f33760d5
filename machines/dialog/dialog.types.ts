/** The shapes every create/edit dialog shares: form values as the inputs hold them, and what the dialog knows. */

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
/** Field name → message; the key `form` is a message about the whole form. */
export type FieldErrors = Record<string, string>;
export type DialogMode = 'create' | 'edit';

/** The item an edit dialog starts from (a restaurant, a manager…). Only its id is known to the machine. */
export interface DialogItem {
  _id: string;
}

/** An item as a dialog's own code reads it: any of its fields. */
export type ItemFields = DialogItem & Record<string, unknown>;

/**
 * What a dialog is opened for, beyond its item: the restaurant a new category belongs to, the product a new option
 * belongs to, the caller's role… Given as the dialog's input, and again with `dialog.open` when the screen has learnt it
 * since (a manager's category list learns its restaurant from its first load).
 */
export type DialogScope = Readonly<Record<string, string | null>>;

export const fieldsOf = (item: DialogItem | null): ItemFields | null => item as ItemFields | null;

export interface DialogMessages {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
  /** The info toast of a save with nothing changed; default uz.noChanges (spec 5 words the category modal's own). */
  noChanges?: string;
}

/** What makes a dialog a restaurant dialog, a manager dialog…: its form, its rules and its texts. */
export interface DialogConfig {
  empty: FormValues;
  fromItem: (item: ItemFields) => FormValues;
  validate: (values: FormValues, mode: DialogMode) => FieldErrors;
  messages: DialogMessages;
  /**
   * The values an edit compares with its start (and sends): a form drops a field another one hides, so what is left
   * in a hidden field is no change (the option form's 'Kamida' count while 'Majburiy' is off). Default: every value.
   */
  shown?: (values: FormValues) => FormValues;
}
