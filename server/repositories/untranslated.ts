import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { categories, optionRows, productOptions, products } from '../db/schema';
import type { Language } from '../schemas/translations';

/**
 * How much of each restaurant's menu still lacks a translation, per language a person translates (`ru`, `en`; Uzbek
 * Cyrillic is written from the Latin text, so it never counts): the restaurant list names what is missing instead of
 * flagging a whole language. An item counts when one of its non-empty Uzbek fields has no text in that language, as
 * the panel's lists mark it beside the item (machines/shared/translations.rules.ts missingLanguages).
 */

export const HAND_TRANSLATED = ['ru', 'en'] as const;
export type HandTranslated = (typeof HAND_TRANSLATED)[number];
export type LanguageCounts = Partial<Record<HandTranslated, number>>;
export interface UntranslatedMenu {
  categories: LanguageCounts;
  products: LanguageCounts;
  options: LanguageCounts;
}

/** Text with something besides white space in it. */
const filled = (text: SQL | AnyColumn) => sql`coalesce(${text}, '') ~ '\\S'`;
/** The Uzbek field has text and its translation into `language` has none. */
function lacks(column: AnyColumn, translations: AnyColumn, language: HandTranslated, field: string): SQL {
  // Both names are constants of this module (never input): written into the SQL as literals.
  const translated = sql`${translations} -> ${sql.raw(`'${language}'`)} ->> ${sql.raw(`'${field}'`)}`;
  return sql`(${filled(column)} and not ${filled(translated)})`;
}

const categoryLacks = (language: HandTranslated) => lacks(categories.title, categories.translations, language, 'title');
const productLacks = (language: HandTranslated) =>
  sql`(${lacks(products.name, products.translations, language, 'name')} or ${lacks(products.description, products.translations, language, 'description')})`;
/** An option counts when its own name or the name of one of its rows lacks the language. */
const optionLacks = (language: HandTranslated) =>
  sql`(${lacks(productOptions.name, productOptions.translations, language, 'name')} or exists (select 1 from ${optionRows} where ${optionRows.product_option_id} = ${productOptions._id} and ${lacks(optionRows.name, optionRows.translations, language, 'name')}))`;

const counted = (condition: (language: HandTranslated) => SQL) => ({
  ru: sql<number>`(count(*) filter (where ${condition('ru')}))::int`,
  en: sql<number>`(count(*) filter (where ${condition('en')}))::int`,
});

/** The languages of `languages` that are counted, in the restaurant's order. */
export function handTranslated(languages: readonly Language[]): HandTranslated[] {
  return languages.filter((language): language is HandTranslated =>
    (HAND_TRANSLATED as readonly string[]).includes(language),
  );
}

/**
 * For each restaurant given (a page of the admin list: at most 100), the untranslated categories, products and
 * options in each language it offers; zero counts and languages it does not offer are left out. Three grouped
 * queries whatever the number of restaurants, none when no restaurant offers a counted language.
 */
export async function untranslatedMenus(
  db: Executor,
  restaurants: ReadonlyArray<{ _id: string; languages: readonly Language[] }>,
): Promise<Map<string, UntranslatedMenu>> {
  const result = new Map<string, UntranslatedMenu>(
    restaurants.map((r) => [r._id, { categories: {}, products: {}, options: {} }]),
  );
  const ids = restaurants.filter((r) => handTranslated(r.languages).length > 0).map((r) => r._id);
  if (ids.length === 0) return result;
  const [categoryCounts, productCounts, optionCounts] = await Promise.all([
    db
      .select({ restaurant_id: categories.restaurant_id, ...counted(categoryLacks) })
      .from(categories)
      .where(inArray(categories.restaurant_id, ids))
      .groupBy(categories.restaurant_id),
    db
      .select({ restaurant_id: categories.restaurant_id, ...counted(productLacks) })
      .from(products)
      .innerJoin(categories, sql`${categories._id} = ${products.category_id}`)
      .where(inArray(categories.restaurant_id, ids))
      .groupBy(categories.restaurant_id),
    db
      .select({ restaurant_id: categories.restaurant_id, ...counted(optionLacks) })
      .from(productOptions)
      .innerJoin(products, sql`${products._id} = ${productOptions.product_id}`)
      .innerJoin(categories, sql`${categories._id} = ${products.category_id}`)
      .where(inArray(categories.restaurant_id, ids))
      .groupBy(categories.restaurant_id),
  ]);
  const offered = new Map(restaurants.map((r) => [r._id, handTranslated(r.languages)]));
  const put = (
    kind: keyof UntranslatedMenu,
    rows: Array<{ restaurant_id: string } & Record<HandTranslated, number>>,
  ) => {
    for (const row of rows) {
      const counts = result.get(row.restaurant_id)![kind];
      for (const language of offered.get(row.restaurant_id) ?? []) {
        if (row[language] > 0) counts[language] = row[language];
      }
    }
  };
  put('categories', categoryCounts);
  put('products', productCounts);
  put('options', optionCounts);
  return result;
}
