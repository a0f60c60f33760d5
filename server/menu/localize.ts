import { latinToCyrillic } from '../../lib/translit';
import { type Language, TRANSLATABLE, type Translations } from '../schemas/translations';

/**
 * An entity (restaurant, category, product, option or row) in one language: each translatable field is
 * its translation in that language, or, field by field, the Uzbek (Latin) text when it has none. Uzbek in Cyrillic
 * needs no manual work: a field without a `uz-Cyrl` translation is the Latin text transliterated.
 *
 * Pure: the public reads and the menu page call it on what they loaded (not wired yet: a later task does).
 */

/** Every entity's translatable field names; no entity has a field of these names that is not translatable. */
const TRANSLATABLE_FIELDS = new Set<string>(Object.values(TRANSLATABLE).flatMap((fields) => Object.keys(fields)));

export interface Translatable {
  translations?: Translations | null | undefined;
}

/** The entity with its texts in `lang` and without its `translations` (a diner reads one language). */
export function localize<T extends Translatable>(entity: T, lang: Language): Omit<T, 'translations'> {
  const { translations, ...rest } = entity;
  const out = rest as Record<string, unknown>;
  if (lang === 'uz') return rest;
  const translated = translations?.[lang] ?? {};
  for (const field of Object.keys(out)) {
    const uzbek = out[field];
    if (!TRANSLATABLE_FIELDS.has(field) || typeof uzbek !== 'string') continue;
    const manual = translated[field];
    if (typeof manual === 'string' && manual.trim() !== '') out[field] = manual;
    else if (lang === 'uz-Cyrl') out[field] = latinToCyrillic(uzbek);
  }
  return rest;
}
