import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../errors';
import { messages } from '../messages';
import { isBlank } from '../schemas/keywords';
import {
  type Language,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  type TranslationFields,
  type Translations,
  type TranslationsPatch,
} from '../schemas/translations';

/**
 * How a `translations` object of a request becomes stored translations. The request schemas have already
 * refused unknown languages and fields; what is decided here: texts are trimmed, an empty or blank text is no
 * translation, a language left without any text is removed (as `null` removes it).
 */

/** What a patch does: languages it replaces (with their trimmed texts) and languages it removes. */
export interface TranslationChange {
  set: Translations;
  remove: TranslatedLanguage[];
}

export function translationChange(patch: TranslationsPatch): TranslationChange {
  const change: TranslationChange = { set: {}, remove: [] };
  for (const language of TRANSLATED_LANGUAGES) {
    if (patch[language] === undefined) continue; // not sent
    const fields = patch[language];
    const kept: TranslationFields = {};
    for (const [field, value] of Object.entries(fields ?? {})) {
      if (typeof value === 'string' && !isBlank(value)) kept[field] = value.trim();
    }
    if (Object.keys(kept).length === 0) change.remove.push(language);
    else change.set[language] = kept;
  }
  return change;
}

/** A patch applied to what is stored (the same rule the database applies on update, see mergedTranslations). */
export function applyTranslations(stored: Translations, patch: TranslationsPatch): Translations {
  const { set, remove } = translationChange(patch);
  const out: Translations = { ...stored };
  for (const language of remove) delete out[language];
  return { ...out, ...set };
}

/** A create's translations: the patch applied to none. */
export function newTranslations(patch: TranslationsPatch | undefined): Translations {
  return patch === undefined ? {} : applyTranslations({}, patch);
}

/**
 * The update of a `translations` column as one SQL expression (no read-modify-write, so two edits of different
 * languages at once both stay): the languages the patch names are dropped, then the ones it sets are added.
 */
export function mergedTranslations(column: AnyColumn, patch: TranslationsPatch): SQL {
  const { set, remove } = translationChange(patch);
  const dropped = [...remove, ...(Object.keys(set) as TranslatedLanguage[])];
  const without = dropped.reduce<SQL>(
    (expression, language) => sql`(${expression} - ${language}::text)`,
    sql`${column}`,
  );
  return sql`${without} || ${JSON.stringify(set)}::jsonb`;
}

/**
 * A restaurant's languages as sent: the schema checked the codes, their count and that none repeats; Uzbek (Latin)
 * must be among them, since it is every text's fallback.
 */
export function checkedLanguages(languages: Language[]): Language[] {
  if (!languages.includes('uz')) throw badRequest(messages.languagesWithoutUz);
  return languages;
}

/**
 * Answers carry `translations` only when the entity has some: a menu nobody translated answers exactly the spec's
 * shapes, and a client reads `translations?.ru` either way.
 */
export function answeredTranslations<T extends { translations?: Translations | null | undefined }>(
  entity: T,
): Omit<T, 'translations'> & { translations?: Translations } {
  const { translations, ...rest } = entity;
  return translations && Object.keys(translations).length > 0 ? { ...rest, translations } : rest;
}
