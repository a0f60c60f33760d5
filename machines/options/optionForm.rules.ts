import type { OptionRow, RowInput } from '../../client/options';
import type { TranslationsInput } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';
import { formPrice, parsePrice, priceError } from '../products/productForm.rules';
import {
  TRANSLATED_FIELDS,
  translationsToCreate,
  translationsToUpdate,
  withTranslations,
} from '../shared/translations.rules';

/** Spec 2.10 / 8: the option modal ('Opsiya nomi') and the row modal ('Qator nomi', 'Narhi') and their messages. */

export const optionFormConfig: DialogConfig = withTranslations(
  {
    empty: { name: '', required: false },
    fromItem: (item) => ({ name: typeof item.name === 'string' ? item.name : '', required: item.required === true }),
    // The server refuses a blank name with the same sentence; saying it here saves the call.
    validate: (values): FieldErrors => (isBlank(values.name) ? { name: uzCatalog.optionNameRequired } : {}),
    messages: {
      created: uz.optionAdded,
      updated: uz.optionUpdated,
      createFailed: uz.optSaveFailed,
      updateFailed: uz.optSaveFailed,
    },
  },
  TRANSLATED_FIELDS.option,
);

const text = (value: unknown) => String(value ?? '');
const translated = (translations: TranslationsInput | undefined) => (translations ? { translations } : {});

/** A new option's body: its product, its name, whether it is required and the name's translations. */
export function toOptionInput(values: FormValues, productId: string) {
  return {
    product_id: productId,
    name: text(values.name),
    required: values.required === true,
    ...translated(translationsToCreate(values, TRANSLATED_FIELDS.option)),
  };
}

/** An edit's body: the name and `required` if they changed, the changed languages (each may be sent alone). */
export function toOptionChanges(changes: FormValues): {
  name?: string;
  required?: boolean;
  translations?: TranslationsInput;
} {
  return {
    ...(typeof changes.name === 'string' ? { name: changes.name } : {}),
    ...(typeof changes.required === 'boolean' ? { required: changes.required } : {}),
    ...translated(translationsToUpdate(changes, TRANSLATED_FIELDS.option)),
  };
}

/** A new row's body (an empty price is 0). */
export function toRowInput(values: FormValues): RowInput {
  return {
    product_option_id: text(values.product_option_id),
    name: text(values.name),
    price: parsePrice(values.price) ?? 0,
    ...translated(translationsToCreate(values, TRANSLATED_FIELDS.row)),
  };
}

/** A row edit's body: the changed name and price, the changed languages of its name. */
export function toRowChanges(changes: FormValues): Partial<Pick<RowInput, 'name' | 'price' | 'translations'>> {
  return {
    ...(typeof changes.name === 'string' ? { name: changes.name } : {}),
    ...(typeof changes.price === 'string' ? { price: parsePrice(changes.price) ?? 0 } : {}),
    ...translated(translationsToUpdate(changes, TRANSLATED_FIELDS.row)),
  };
}

export function validateRow(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  // Spec 5: a row needs its option.
  if (isBlank(values.product_option_id)) errors.product_option_id = uz.chooseOptionFirst;
  if (isBlank(values.name)) errors.name = uzCatalog.rowNameRequired;
  const price = priceError(values.price, uzCatalog.priceRequired);
  if (price) errors.price = price;
  return errors;
}

/**
 * The row modal's form. A new row starts in the selected option (asked when the dialog opens: the getter is read
 * by the dialog machine on `dialog.open`).
 */
export function rowFormConfig(selectedOption: () => string | null): DialogConfig {
  return withTranslations(rowFields(selectedOption), TRANSLATED_FIELDS.row);
}

function rowFields(selectedOption: () => string | null): DialogConfig {
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
