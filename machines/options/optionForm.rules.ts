import type { OptionRow } from '../../client/options';
import { uz } from '../../lib/uz';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';
import { formPrice, priceError } from '../products/productForm.rules';

/** Spec 2.10 / 8: the option modal ('Opsiya nomi') and the row modal ('Qator nomi', 'Narhi') and their messages. */

export const optionFormConfig: DialogConfig = {
  empty: { name: '' },
  fromItem: (item) => ({ name: typeof item.name === 'string' ? item.name : '' }),
  // The server refuses a blank name with the same sentence; saying it here saves the call.
  validate: (values): FieldErrors => (isBlank(values.name) ? { name: uz.optionNameRequired } : {}),
  messages: {
    created: uz.optionAdded,
    updated: uz.optionUpdated,
    createFailed: uz.optSaveFailed,
    updateFailed: uz.optSaveFailed,
  },
};

export function validateRow(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  // Spec 5: a row needs its option.
  if (isBlank(values.product_option_id)) errors.product_option_id = uz.chooseOptionFirst;
  if (isBlank(values.name)) errors.name = uz.rowNameRequired;
  const price = priceError(values.price, uz.priceRequired);
  if (price) errors.price = price;
  return errors;
}

/**
 * The row modal's form. A new row starts in the selected option (asked when the dialog opens: the getter is read
 * by the dialog machine on `dialog.open`).
 */
export function rowFormConfig(selectedOption: () => string | null): DialogConfig {
  return {
    get empty() {
      return { product_option_id: selectedOption() ?? '', name: '', price: '' };
    },
    fromItem: (item) => ({
      product_option_id: typeof item.product_option_id === 'string' ? item.product_option_id : '',
      name: typeof item.name === 'string' ? item.name : '',
      price: formPrice(item.price),
    }),
    validate: (values) => validateRow(values),
    messages: {
      created: uz.rowAdded,
      updated: uz.rowUpdated,
      createFailed: uz.optSaveFailed,
      updateFailed: uz.optSaveFailed,
    },
  };
}

export type RowItem = OptionRow & Record<string, unknown>;
