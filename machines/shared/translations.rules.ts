import type { MenuLanguage, TranslationsInput, UntranslatedMenu } from '../../client/types';
import type { DialogConfig, FormValues } from '../dialog/dialog.types';

/**
 * Translations in the panel: the menu's languages and the translations a form edits. A form holds each translation as
 * its own value keyed `<language>.<field>` (`ru.name`), so the dialog machine compares, trims and sends them like
 * any field; these rules turn them into the API's `translations` and back. Uzbek Latin (`uz`) is the entity's own
 * fields, never a translation.
 */

/** The API's codes in the order the panel offers them (server/schemas/translations.ts LANGUAGES). */
export const MENU_LANGUAGES = ['uz', 'uz-Cyrl', 'ru', 'en'] as const satisfies readonly MenuLanguage[];
export type TranslatedLanguage = Exclude<MenuLanguage, 'uz'>;
export const TRANSLATED_LANGUAGES: readonly TranslatedLanguage[] = ['uz-Cyrl', 'ru', 'en'];
export const DEFAULT_LANGUAGES: readonly MenuLanguage[] = ['uz'];

export const isMenuLanguage = (value: unknown): value is MenuLanguage =>
  (MENU_LANGUAGES as readonly unknown[]).includes(value);

const SEPARATOR = '.';
export const translationKey = (language: TranslatedLanguage, field: string) => `${language}${SEPARATOR}${field}`;

/** The language of a form key (`ru.name` → `ru`), null for the entity's own fields. */
export function languageOfKey(key: string): TranslatedLanguage | null {
  const language = key.slice(0, key.indexOf(SEPARATOR));
  return (TRANSLATED_LANGUAGES as readonly string[]).includes(language) ? (language as TranslatedLanguage) : null;
}

/**
 * A restaurant's languages as the API may give them → a valid ordered list: known codes once each, `uz` always
 * there (the API refuses a list without it; a missing or broken list is the default, Uzbek alone).
 */
export function normalLanguages(languages: unknown): MenuLanguage[] {
  const list = Array.isArray(languages) ? languages.filter(isMenuLanguage) : [];
  const unique = [...new Set(list)];
  return unique.includes('uz') ? unique : ['uz', ...unique];
}

/** The restaurant forms hold the ordered languages as one value (`uz,ru`), so a change is compared as text. */
export const languagesValue = (languages: readonly MenuLanguage[]) => languages.join(',');
export const parseLanguages = (value: unknown): MenuLanguage[] =>
  normalLanguages(typeof value === 'string' ? value.split(',') : []);

/** On or off; a language turned on goes last. Uzbek Latin cannot be turned off. */
export function toggleLanguage(languages: readonly MenuLanguage[], language: MenuLanguage): MenuLanguage[] {
  if (language === 'uz') return [...languages];
  return languages.includes(language) ? languages.filter((l) => l !== language) : [...languages, language];
}

/** One place earlier (-1) or later (1); at either end nothing moves. */
export function moveLanguage(languages: readonly MenuLanguage[], language: MenuLanguage, by: -1 | 1): MenuLanguage[] {
  const list = [...languages];
  const from = list.indexOf(language);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return list;
  [list[from], list[to]] = [list[to] as MenuLanguage, language];
  return list;
}

/**
 * The languages a form shows tabs for: a restaurant form's own choice as it is being edited (its `languages`
 * value), any other form's restaurant's (given when the dialog opens).
 */
export function offeredLanguages(values: FormValues, restaurantLanguages: readonly MenuLanguage[]): MenuLanguage[] {
  return typeof values.languages === 'string' ? parseLanguages(values.languages) : normalLanguages(restaurantLanguages);
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function languageFields(translations: unknown, language: TranslatedLanguage): Record<string, unknown> {
  if (!translations || typeof translations !== 'object') return {};
  const fields = (translations as Record<string, unknown>)[language];
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {};
}

/**
 * An item's translations as form values: every language and field present ('' when not translated), so a
 * translation typed, changed or cleared is a change the dialog sees.
 */
export function translationValues(translations: unknown, fields: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const stored = languageFields(translations, language);
    for (const field of fields) values[translationKey(language, field)] = textOf(stored[field]);
  }
  return values;
}

/** A form config with its translated fields: blank for a new item, the item's translations for an edit. */
export function withTranslations(config: DialogConfig, fields: readonly string[]): DialogConfig {
  return {
    ...config,
    get empty() {
      return { ...config.empty, ...translationValues(null, fields) };
    },
    fromItem: (item) => ({ ...config.fromItem(item), ...translationValues(item.translations, fields) }),
  };
}

/**
 * The changed fields of an edit, each changed language whole: the API replaces a language with what is sent, so a
 * product's Russian description, unchanged, must go with its changed Russian name or it would be dropped.
 */
export function withWholeLanguages(changes: FormValues, values: FormValues): FormValues {
  const changed = new Set(Object.keys(changes).map(languageOfKey));
  const whole: FormValues = { ...changes };
  for (const [key, value] of Object.entries(values)) {
    const language = languageOfKey(key);
    if (language && changed.has(language) && !(key in whole))
      whole[key] = typeof value === 'string' ? value.trim() : value;
  }
  return whole;
}

/** The texts of one language the values hold (blank ones left out: a blank text is no translation). */
function filledFields(values: FormValues, language: TranslatedLanguage, fields: readonly string[]) {
  const filled: Record<string, string> = {};
  for (const field of fields) {
    const text = textOf(values[translationKey(language, field)]).trim();
    if (text !== '') filled[field] = text;
  }
  return filled;
}

/** A create's `translations`: each language with some text; undefined when there is none (nothing is sent). */
export function translationsToCreate(values: FormValues, fields: readonly string[]): TranslationsInput | undefined {
  const translations: TranslationsInput = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const filled = filledFields(values, language, fields);
    if (Object.keys(filled).length > 0) translations[language] = filled;
  }
  return Object.keys(translations).length > 0 ? translations : undefined;
}

/**
 * An update's `translations`: only the languages the changes name, each whole (see withWholeLanguages); a language
 * left with no text is `null`, which removes it. Undefined when no translation changed.
 */
export function translationsToUpdate(changes: FormValues, fields: readonly string[]): TranslationsInput | undefined {
  const translations: TranslationsInput = {};
  const changed = new Set(Object.keys(changes).map(languageOfKey));
  for (const language of TRANSLATED_LANGUAGES) {
    if (!changed.has(language)) continue;
    const filled = filledFields(changes, language, fields);
    translations[language] = Object.keys(filled).length > 0 ? filled : null;
  }
  return Object.keys(translations).length > 0 ? translations : undefined;
}

/** The entity's own fields of some values, without the translations (what the spec's bodies carry). */
export function ownFields(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => languageOfKey(key) === null));
}

/**
 * The offered languages an item still lacks a translation in: a field whose Uzbek text is not empty has none in that
 * language. Uzbek Cyrillic never counts: the menu writes it from the Latin text.
 */
export function missingLanguages(
  languages: readonly MenuLanguage[],
  item: Record<string, unknown>,
  fields: readonly string[],
): TranslatedLanguage[] {
  const missing: TranslatedLanguage[] = [];
  for (const language of normalLanguages(languages)) {
    if (language === 'uz' || language === 'uz-Cyrl') continue;
    const stored = languageFields(item.translations, language);
    if (fields.some((field) => textOf(item[field]).trim() !== '' && textOf(stored[field]).trim() === ''))
      missing.push(language);
  }
  return missing;
}

/** The translatable fields of each entity (server/schemas/translations.ts TRANSLATABLE). */
export const TRANSLATED_FIELDS = {
  restaurant: ['name', 'address', 'work_time'],
  category: ['title'],
  product: ['name', 'description'],
  option: ['name'],
  row: ['name'],
} as const;

/** One thing a restaurant still lacks: some of its own fields, or a number of its menu's items. */
export type TranslationGap =
  | { kind: 'fields'; fields: string[]; languages: TranslatedLanguage[] }
  | {
      kind: 'items';
      items: keyof UntranslatedMenu;
      /** Items lacking at least one of the languages (the counts are per language, an item may lack several). */
      count: number;
      languages: TranslatedLanguage[];
      perLanguage: Array<{ language: TranslatedLanguage; count: number }>;
    };

/**
 * What a restaurant lacks, piece by piece, instead of a whole language: its own fields (those lacking the same
 * languages together: "Manzil, Ish vaqti: ru yo'q"), then its menu's categories, products and options as the list's
 * page counted them. A count over several languages shows the largest (at least that many items lack one of them);
 * each language's own count is in `perLanguage`. Empty when nothing is missing.
 */
export function restaurantTranslationGaps(
  languages: readonly MenuLanguage[],
  restaurant: Record<string, unknown> & { untranslated?: UntranslatedMenu },
): TranslationGap[] {
  const gaps: TranslationGap[] = [];
  const byLanguages = new Map<string, { fields: string[]; languages: TranslatedLanguage[] }>();
  for (const field of TRANSLATED_FIELDS.restaurant) {
    const missing = missingLanguages(languages, restaurant, [field]);
    if (missing.length === 0) continue;
    const key = missing.join(' ');
    const group = byLanguages.get(key) ?? { fields: [], languages: missing };
    group.fields.push(field);
    byLanguages.set(key, group);
  }
  for (const group of byLanguages.values()) gaps.push({ kind: 'fields', ...group });
  const offered = normalLanguages(languages);
  for (const items of ['categories', 'products', 'options'] as const) {
    const counts = restaurant.untranslated?.[items] ?? {};
    const perLanguage = offered
      .filter((language): language is 'ru' | 'en' => language === 'ru' || language === 'en')
      .map((language) => ({ language, count: counts[language] ?? 0 }))
      .filter((entry) => entry.count > 0);
    if (perLanguage.length === 0) continue;
    gaps.push({
      kind: 'items',
      items,
      count: Math.max(...perLanguage.map((entry) => entry.count)),
      languages: perLanguage.map((entry) => entry.language),
      perLanguage,
    });
  }
  return gaps;
}
