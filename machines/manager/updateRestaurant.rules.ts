import { uz } from '../../lib/uz';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';
import { detailErrors, knownLanguages, knownOrdering, languageChanges } from '../restaurants/restaurantForm.rules';
import { terminalGroupBody, terminalGroupValue } from '../restaurants/terminalGroups.rules';
import { ownFields, TRANSLATED_FIELDS, withTranslations } from '../shared/translations.rules';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Spec 2.7: the manager's Update Restaurant modal, four fields. Spec 5 shows no field-level validation; the API
 * refuses a blank name, a phone that is not an Uzbek number and, for a manual restaurant, a blank address, phone
 * or work time, so the form says so by the field instead of a toast after the call. A restaurant created from the
 * POS may keep them empty (the same rules as the admin's form: restaurantForm.rules.ts).
 */
export function validateUpdateRestaurant(values: FormValues): FieldErrors {
  const errors: FieldErrors = isBlank(values.name) ? { name: uz.required } : {};
  return { ...errors, ...detailErrors(values) };
}

export const updateRestaurantConfig: DialogConfig = withTranslations(
  {
    empty: { name: '', address: '', phone_number: '', work_time: '', languages: 'uz' },
    fromItem: (item) => ({
      name: str(item.name),
      address: str(item.address),
      phone_number: str(item.phone_number),
      work_time: str(item.work_time),
      // Whether diners order from the tables (the owning manager may turn it on or off), when known.
      ...knownOrdering(item),
      // The menu's languages, in order (when the item says).
      ...knownLanguages(item),
      // An integration restaurant: the POS terminal group that receives its orders ('' = the POS's first).
      ...terminalGroupValue(item),
      // Not a field: which rules apply.
      type: str(item.type) || 'manual',
    }),
    validate: (values) => validateUpdateRestaurant(values),
    messages: {
      created: uz.restaurantUpdated,
      updated: uz.restaurantUpdated,
      createFailed: uz.restaurantUpdateFailed,
      updateFailed: uz.restaurantUpdateFailed,
    },
  },
  TRANSLATED_FIELDS.restaurant,
);

/** Changed values → the update body: the changed fields, the languages' new order, the changed translations. */
export function toUpdateRestaurantChanges(changes: FormValues): Record<string, unknown> {
  return { ...terminalGroupBody(ownFields(changes)), ...languageChanges(changes) };
}
