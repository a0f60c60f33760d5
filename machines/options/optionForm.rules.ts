import type { OptionChanges, OptionInput, OptionRow, RowInput } from '../../client/options';
import type { TranslationsInput } from '../../client/types';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValue, FormValues } from '../dialog/dialog.types';
import { formPrice, parsePrice, priceError } from '../products/productForm.rules';
import {
  TRANSLATED_FIELDS,
  translationsToCreate,
  translationsToUpdate,
  withTranslations,
} from '../shared/translations.rules';
import { choicesOf } from './options.rules';

/** Spec 2.10 / 8: the option modal ('Opsiya nomi') and the row modal ('Qator nomi', 'Narhi') and their messages. */

/** The most rows an option may ask for or allow (the server's CHOICES_LIMIT, server/schemas/options.ts). */
export const OPTION_CHOICES_LIMIT = 20;

/**
 * The option form's choice fields: the 'Majburiy' switch (at least one row), and the counts as their number fields
 * keep them (text). `min_choices` is the 'Kamida' field, shown only while the switch is on: an optional option's
 * starts at 1, what the field offers once the switch is turned on (the minimum sent is then 0 whatever it holds).
 */
function choiceValues(item: Record<string, unknown> | null): FormValues {
  const { min_choices: min, max_choices: max } = choicesOf(item ?? {});
  return { required: min > 0, min_choices: String(Math.max(1, min)), max_choices: String(max) };
}

/** A count as typed: a whole number (spaces around allowed), or null. */
function parseCount(value: FormValue | undefined): number | null {
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value.trim());
}

const countInRange = (value: FormValue | undefined) => {
  const count = parseCount(value);
  return count !== null && count >= 1 && count <= OPTION_CHOICES_LIMIT ? count : null;
};

/** The choice fields' rules: each count a whole number 1..20 (the minimum only while required), min ≤ max. */
function validateChoices(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  const max = countInRange(values.max_choices);
  if (max === null) errors.max_choices = uzCatalog.optionChoicesInvalid(OPTION_CHOICES_LIMIT);
  if (values.required !== true) return errors;
  const min = countInRange(values.min_choices);
  if (min === null) errors.min_choices = uzCatalog.optionChoicesInvalid(OPTION_CHOICES_LIMIT);
  else if (max !== null && min > max) errors.min_choices = uzCatalog.optionMinOverMax;
  return errors;
}

/** The counts the form says: the minimum is 0 while the switch is off (an unreadable count: the field's default, 1). */
function countsOf(values: FormValues) {
  return {
    min_choices: values.required === true ? (parseCount(values.min_choices) ?? 1) : 0,
    max_choices: parseCount(values.max_choices) ?? 1,
  };
}

export const optionFormConfig: DialogConfig = withTranslations(
  {
    empty: { name: '', ...choiceValues(null) },
    fromItem: (item) => ({ name: typeof item.name === 'string' ? item.name : '', ...choiceValues(item) }),
    // The server refuses a blank name with the same sentence; saying it here saves the call.
    validate: (values): FieldErrors => ({
      ...(isBlank(values.name) ? { name: uzCatalog.optionNameRequired } : {}),
      ...validateChoices(values),
    }),
    // The 'Kamida' field is hidden while the switch is off: what it was left holding is no change.
    shown: ({ min_choices, ...values }) =>
      values.required === true && min_choices !== undefined ? { ...values, min_choices } : values,
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

/**
 * A new option's body: its product, its name, its choice counts and the name's translations. `required` is left to
 * the server (it is min_choices > 0), so the body can never contradict itself.
 */
export function toOptionInput(values: FormValues, productId: string): OptionInput {
  return {
    product_id: productId,
    name: text(values.name),
    ...countsOf(values),
    ...translated(translationsToCreate(values, TRANSLATED_FIELDS.option)),
  };
}

const CHOICE_FIELDS = ['required', 'min_choices', 'max_choices'];
const pickChoices = (values: FormValues): FormValues =>
  Object.fromEntries(Object.entries(values).filter(([field]) => CHOICE_FIELDS.includes(field)));

/**
 * An edit's body: the name if it changed, each choice count whose value changed (the switch turned off: min_choices 0;
 * turned on: the 'Kamida' count), the changed languages (each may be sent alone). `changes` holds only the changed
 * fields, so the option edited (the item the form started from) says the rest.
 */
export function toOptionChanges(changes: FormValues, item: Record<string, unknown> | null = null): OptionChanges {
  const before = choiceValues(item);
  const stored = countsOf(before);
  const after = countsOf({ ...before, ...pickChoices(changes) });
  return {
    ...(typeof changes.name === 'string' ? { name: changes.name } : {}),
    ...(after.min_choices !== stored.min_choices ? { min_choices: after.min_choices } : {}),
    ...(after.max_choices !== stored.max_choices ? { max_choices: after.max_choices } : {}),
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
