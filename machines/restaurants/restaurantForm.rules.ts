import type { Restaurant, RestaurantInput } from '../../client/types';
import { uzPhoneDigits } from '../../lib/format';
import { uz } from '../../lib/uz';
import { uzCatalog } from '../../lib/uz-catalog';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';
import {
  DEFAULT_LANGUAGES,
  languagesValue,
  normalLanguages,
  ownFields,
  parseLanguages,
  TRANSLATED_FIELDS,
  translationsToCreate,
  translationsToUpdate,
  withTranslations,
} from '../shared/translations.rules';
import { terminalGroupBody, terminalGroupValue } from './terminalGroups.rules';

/** Spec section 5: name, slug, address, manager, active flag, phone_number and work_time are required. */
const REQUIRED = ['name', 'slug', 'manager_id'] as const;
/**
 * Required of a manual restaurant only: one created from the POS has what the POS gave (iiko: an address at most,
 * no phone, no work time), and must stay editable (switched to Nofaol…) with them empty, as the API allows.
 */
const REQUIRED_IF_MANUAL = ['address', 'phone_number', 'work_time'] as const;
/**
 * A slug is part of the public menu URL: latin letters, digits and single hyphens. Any case is accepted; it is sent
 * and stored lowercase (`/menu/RAYHON` opens `rayhon` anyway).
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/** Whether the form edits a restaurant created from the POS (`type` rides in the values; it never changes). */
export const isIntegration = (values: FormValues) => values.type === 'integration';

/** The phone rule of both restaurant forms: blank is the caller's business; anything typed is an Uzbek number. */
export function phoneError(value: FormValues[string] | undefined): string | null {
  if (isBlank(value) || typeof value !== 'string') return null;
  return uzPhoneDigits(value) === null ? uzCatalog.phoneInvalid : null;
}

/** What each of the address, phone and work time fields needs: required unless the restaurant came from the POS. */
export function detailErrors(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!isIntegration(values))
    for (const field of REQUIRED_IF_MANUAL) if (isBlank(values[field])) errors[field] = uz.required;
  const phone = errors.phone_number ? null : phoneError(values.phone_number);
  if (phone) errors.phone_number = phone;
  return errors;
}

export function validateRestaurant(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED) if (isBlank(values[field])) errors[field] = uz.required;
  Object.assign(errors, detailErrors(values));
  const slug = values.slug;
  if (!errors.slug && typeof slug === 'string' && !SLUG_PATTERN.test(slug.trim())) errors.slug = uz.slugRule;
  if (typeof values.is_active !== 'boolean') errors.is_active = uz.required;
  return errors;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Both restaurant forms choose the menu's languages (the value `languages`, ordered, `uz,ru`) and carry the
 * translations of name, address and work time.
 */
export const restaurantLanguagesValue = (item: Record<string, unknown>) =>
  languagesValue(normalLanguages(item.languages ?? DEFAULT_LANGUAGES));

/**
 * The languages value of an edited restaurant, only when the item says what they are (the admin and manager reads
 * do): a restaurant from the public read (the restaurant page) has none, and its form then offers no choice, rather
 * than one starting from Uzbek alone that would drop the languages it really has.
 */
export const knownLanguages = (item: Record<string, unknown>): FormValues =>
  Array.isArray(item.languages) ? { languages: restaurantLanguagesValue(item) } : {};

/**
 * `ordering_enabled` of an edited restaurant, only when the item says (the admin's list and the manager's
 * restaurants do): the public read the restaurant page edits from has none, and its form then offers no switch rather
 * than one reading "off" for a restaurant that takes orders.
 */
export const knownOrdering = (item: Record<string, unknown>): FormValues =>
  typeof item.ordering_enabled === 'boolean' ? { ordering_enabled: item.ordering_enabled } : {};

export const restaurantFormConfig: DialogConfig = withTranslations(
  {
    empty: {
      name: '',
      slug: '',
      address: '',
      phone_number: '',
      work_time: '',
      manager_id: '',
      // Spec section 9: a new restaurant is active unless the form says otherwise.
      is_active: true,
      bot_token: '',
      channel_id: '',
      // Greyed, not hidden, unless the admin says otherwise (the server's default).
      hide_stopped: false,
      // No ordering from the tables unless the admin turns it on (the server's default).
      ordering_enabled: false,
      languages: languagesValue(DEFAULT_LANGUAGES),
    },
    fromItem: (item) => ({
      name: str(item.name),
      slug: str(item.slug),
      address: str(item.address),
      phone_number: str(item.phone_number),
      work_time: str(item.work_time),
      manager_id: str(item.manager_id),
      is_active: item.is_active !== false,
      bot_token: str(item.bot_token),
      channel_id: str(item.channel_id),
      hide_stopped: item.hide_stopped === true,
      ...knownOrdering(item),
      ...knownLanguages(item),
      // An integration restaurant: the POS terminal group that receives its orders ('' = the POS's first).
      ...terminalGroupValue(item),
      // Not a field: which rules apply (an integration restaurant may keep empty what the POS did not give).
      type: str(item.type) || 'manual',
    }),
    validate: (values) => validateRestaurant(values),
    messages: {
      created: uz.restaurantAdded,
      updated: uz.restaurantEdited,
      createFailed: uz.restaurantAddFailed,
      updateFailed: uz.editFailed,
    },
  },
  TRANSLATED_FIELDS.restaurant,
);

/** The languages and translations of a create: sent only when the form has more than the default. */
function languagesToCreate(values: FormValues): Pick<RestaurantInput, 'languages' | 'translations'> {
  const languages = parseLanguages(values.languages);
  const translations = translationsToCreate(values, TRANSLATED_FIELDS.restaurant);
  return {
    ...(languagesValue(languages) === languagesValue(DEFAULT_LANGUAGES) ? {} : { languages }),
    ...(translations ? { translations } : {}),
  };
}

/** The languages (the whole new order) and the changed translations of an update. */
export function languageChanges(changes: FormValues): Pick<RestaurantInput, 'languages' | 'translations'> {
  const translations = translationsToUpdate(changes, TRANSLATED_FIELDS.restaurant);
  return {
    ...(typeof changes.languages === 'string' ? { languages: parseLanguages(changes.languages) } : {}),
    ...(translations ? { translations } : {}),
  };
}

/** Form values → the create call's body; optional fields left empty are not sent. */
export function toRestaurantInput(values: FormValues): RestaurantInput {
  const input: RestaurantInput = {
    name: str(values.name),
    slug: str(values.slug).trim().toLowerCase(),
    address: str(values.address),
    phone_number: str(values.phone_number),
    work_time: str(values.work_time),
    manager_id: str(values.manager_id),
    is_active: values.is_active !== false,
  };
  if (str(values.bot_token) !== '') input.bot_token = str(values.bot_token);
  if (str(values.channel_id) !== '') input.channel_id = str(values.channel_id);
  if (values.hide_stopped === true) input.hide_stopped = true;
  if (values.ordering_enabled === true) input.ordering_enabled = true;
  return { ...input, ...languagesToCreate(values) };
}

/** Changed form values → the update call's partial body (an optional field emptied is sent as null: cleared). */
export function toRestaurantChanges(changes: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(ownFields(changes))) {
    body[field] = (field === 'bot_token' || field === 'channel_id') && value === '' ? null : value;
  }
  return { ...terminalGroupBody(body), ...languageChanges(changes) };
}

export type RestaurantItem = Restaurant & { [field: string]: unknown };
