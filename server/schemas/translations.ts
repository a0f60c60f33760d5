import { type Static, type TProperties, Type } from 'typebox';
import { LANGUAGES, type Language } from '../../lib/languages';
import { messages } from '../messages';
import { MultiLineText, Text } from './common';

/**
 * The languages a menu is offered in and the translations of its texts. Uzbek in Latin script (`uz`) is the
 * spec's own fields, always present and the fallback; `translations` holds the other languages, keyed by code, each
 * with the same field names as the entity (`{ "ru": { "name": "Шурпа" } }`).
 */

export { LANGUAGES, type Language } from '../../lib/languages';
/** Languages a translation may be given in: `uz` is the entity's own fields, never a translation. */
export const TRANSLATED_LANGUAGES = ['uz-Cyrl', 'ru', 'en'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** What a translation holds per language: field name → text (only translated fields are present). */
export type TranslationFields = Record<string, string>;
/** The stored and answered shape: languages without any translated field are absent. */
export type Translations = Partial<Record<TranslatedLanguage, TranslationFields>>;
/** What a create or update sends: a language's fields replace the stored ones, `null` removes the language. */
export type TranslationsPatch = Partial<Record<TranslatedLanguage, Partial<TranslationFields> | null>>;

/** The translatable fields of each entity, with the length limit of the Uzbek field they translate. */
export const TRANSLATABLE = {
  restaurant: { name: 120, address: 300, work_time: 100 },
  category: { title: 100 },
  product: { name: 200, description: 2000 },
  option: { name: 100 },
  row: { name: 100 },
} as const;
export type TranslatableEntity = keyof typeof TRANSLATABLE;

export const DEFAULT_LANGUAGES: Language[] = ['uz'];
// The API tests compare answers with these names.
export const LANGUAGES_WITHOUT_UZ = messages.languagesWithoutUz;

export const Languages = Type.Array(Type.Enum([...LANGUAGES]), {
  minItems: 1,
  maxItems: LANGUAGES.length,
  uniqueItems: true,
  description:
    'The languages the menu offers, in order (the first is shown when the diner expresses no preference): `uz` ' +
    '(Uzbek, Latin script: the main fields), `uz-Cyrl` (Uzbek, Cyrillic), `ru`, `en`. Must contain `uz`, each once. ' +
    'Default `["uz"]`.',
});

const BODY_RULES =
  'Keyed by language (`uz-Cyrl`, `ru`, `en`; `uz` is the main fields), each holding the translated fields. Sent on ' +
  'an update, a language replaces what was stored for it, `null` removes it, languages not sent stay as they are. An ' +
  'empty or blank text is no translation (the Uzbek field is shown). A translation may be stored for a language the ' +
  'restaurant does not offer yet: it is kept, and shown once the language is offered.';
const ANSWER_RULES =
  'Keyed by language (`uz-Cyrl`, `ru`, `en`): the translated fields. Absent when the entity has no translation.';

/** One request schema per entity: unknown languages and unknown fields are a 400 naming them. */
function translationsBody<T extends TProperties>(fields: T) {
  const language = Type.Union([Type.Object(fields, { additionalProperties: false }), Type.Null()]);
  return Type.Object(
    { 'uz-Cyrl': Type.Optional(language), ru: Type.Optional(language), en: Type.Optional(language) },
    { additionalProperties: false, description: BODY_RULES },
  );
}

function translationsAnswer<T extends TProperties>(fields: T) {
  const language = Type.Object(fields);
  return Type.Optional(
    Type.Object(
      { 'uz-Cyrl': Type.Optional(language), ru: Type.Optional(language), en: Type.Optional(language) },
      { description: ANSWER_RULES },
    ),
  );
}

const text = (maxLength: number) => Type.Optional(Text({ maxLength }));
const answered = Type.Optional(Type.String());

export const RestaurantTranslationsBody = translationsBody({
  name: text(TRANSLATABLE.restaurant.name),
  address: text(TRANSLATABLE.restaurant.address),
  work_time: text(TRANSLATABLE.restaurant.work_time),
});
export const CategoryTranslationsBody = translationsBody({ title: text(TRANSLATABLE.category.title) });
export const ProductTranslationsBody = translationsBody({
  name: text(TRANSLATABLE.product.name),
  description: Type.Optional(MultiLineText({ maxLength: TRANSLATABLE.product.description })),
});
export const OptionTranslationsBody = translationsBody({ name: text(TRANSLATABLE.option.name) });
export const RowTranslationsBody = translationsBody({ name: text(TRANSLATABLE.row.name) });

export const RestaurantTranslations = translationsAnswer({ name: answered, address: answered, work_time: answered });
export const CategoryTranslations = translationsAnswer({ title: answered });
export const ProductTranslations = translationsAnswer({ name: answered, description: answered });
export const OptionTranslations = translationsAnswer({ name: answered });
export const RowTranslations = translationsAnswer({ name: answered });

export type RestaurantTranslationsView = Static<typeof RestaurantTranslations>;
export type CategoryTranslationsView = Static<typeof CategoryTranslations>;
export type ProductTranslationsView = Static<typeof ProductTranslations>;
export type OptionTranslationsView = Static<typeof OptionTranslations>;
export type RowTranslationsView = Static<typeof RowTranslations>;
