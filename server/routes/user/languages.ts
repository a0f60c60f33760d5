import { negotiateLanguage } from '../../menu/language';
import { localize, type Translatable } from '../../menu/localize';
import type { ProductWithOptionsRecord } from '../../repositories/products';
import type { ProductWithOptionsView } from '../../schemas/products';
import type { Language } from '../../schemas/translations';

/**
 * The public reads in the diner's language (`?lang=`). The language used is the asked one when the
 * restaurant offers it, else the restaurant's first language, exactly as the menu page decides a `?lang=` link
 * (server/menu/language.ts). Without `lang` an answer is the spec's: the Uzbek fields, no `lang`, no translations.
 */

/** The language an answer is in: the asked one if offered, else the restaurant's first. */
export function answerLanguage(offered: readonly string[], asked: Language): Language {
  return negotiateLanguage({ offered, query: asked }).lang;
}

/**
 * The answer for `asked` (undefined: no `lang` asked): `build` gets the language to write the texts in, and the
 * answer gets `lang` when one was asked. Kept in `memo` by language, so a cached read is localized once per language.
 */
export function inLanguage<T extends object>(
  offered: readonly string[],
  asked: Language | undefined,
  build: (lang: Language) => T,
  memo?: Map<string, unknown>,
): T | (T & { lang: Language }) {
  const lang = asked === undefined ? undefined : answerLanguage(offered, asked);
  const key = lang ?? '';
  const kept = memo?.get(key) as T | undefined;
  if (kept) return kept;
  const answer = lang === undefined ? build('uz') : { ...build(lang), lang };
  memo?.set(key, answer);
  return answer;
}

/** A product as the public reads load it: every text with its translations. */
type LoadedRow = ProductWithOptionsView['rows'][number] & Translatable;
type LoadedOption = Omit<ProductWithOptionsView['options'][number], 'rows'> & Translatable & { rows: LoadedRow[] };
type LoadedProduct = Omit<ProductWithOptionsView, 'options' | 'rows'> & Translatable & { options: LoadedOption[] };

/** A product, its options and their rows in `lang` (each text falling back to Uzbek), `rows` flat again. */
export function localizeProduct(product: ProductWithOptionsRecord, lang: Language): ProductWithOptionsView {
  const loaded = product as LoadedProduct;
  const options = loaded.options.map((option) => ({
    ...localize(option, lang),
    rows: option.rows.map((row) => localize(row, lang)),
  }));
  return { ...localize(loaded, lang), options, rows: options.flatMap((option) => option.rows) };
}
