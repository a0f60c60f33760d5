import { uz } from '../../lib/uz';
import { uzOrdering } from '../../lib/uz-ordering';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';

/** A table's name is 1-40 characters once trimmed (the API's rule, said by the field before the call). */
export const TABLE_NAME_MAX = 40;
/** The bulk create makes at most this many tables at once (the API's limit). */
export const BULK_MAX = 100;

export function validateTableName(values: FormValues): FieldErrors {
  const name = values.name;
  if (isBlank(name) || typeof name !== 'string') return { name: uzOrdering.tableNameRequired };
  return name.trim().length > TABLE_NAME_MAX ? { name: uzOrdering.tableNameTooLong } : {};
}

/** The add / rename dialog: the name alone (on/off is the list's switch, not a form field). */
export const tableFormConfig: DialogConfig = {
  empty: { name: '' },
  fromItem: (item) => ({ name: typeof item.name === 'string' ? item.name : '' }),
  validate: (values) => validateTableName(values),
  messages: {
    created: uzOrdering.tableCreated,
    updated: uzOrdering.tableRenamed,
    createFailed: uzOrdering.tableCreateFailed,
    updateFailed: uz.editFailed,
  },
};

/** A whole number typed in a field ("07" is 7), or null for anything else. */
export function wholeNumber(value: FormValues[string] | undefined): number | null {
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value.trim());
}

/** "1" to "N": both whole numbers from 1, in order, at most BULK_MAX tables. */
export function validateBulk(values: FormValues): FieldErrors {
  const from = wholeNumber(values.from);
  const to = wholeNumber(values.to);
  const errors: FieldErrors = {};
  if (from === null || from < 1) errors.from = uzOrdering.tablesNumberInvalid;
  if (to === null || to < 1) errors.to = uzOrdering.tablesNumberInvalid;
  if (from === null || to === null || errors.from || errors.to) return errors;
  if (to < from) return { to: uzOrdering.tablesRangeOrder };
  if (to - from + 1 > BULK_MAX) return { to: uzOrdering.tablesRangeTooMany };
  return {};
}

export const tableBulkFormConfig: DialogConfig = {
  empty: { from: '1', to: '' },
  fromItem: () => ({ from: '1', to: '' }),
  validate: (values) => validateBulk(values),
  messages: {
    created: uzOrdering.tablesCreated,
    updated: uzOrdering.tablesCreated,
    createFailed: uzOrdering.tablesCreateFailed,
    updateFailed: uzOrdering.tablesCreateFailed,
  },
};

/** The bulk form's numbers, once valid. */
export function toBulkRange(values: FormValues): { from: number; to: number } {
  return { from: wholeNumber(values.from) ?? 1, to: wholeNumber(values.to) ?? 1 };
}
