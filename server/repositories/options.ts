import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/client';
import { categories, optionRows, productOptions, products, restaurants } from '../db/schema';
import { isRequired, type ManagedOptionRowView, type ManagedOptionView } from '../schemas/options';
import type { Translations, TranslationsPatch } from '../schemas/translations';
import { ownerColumns } from './categories';
import { insertInChunks } from './chunks';
import { answeredTranslations, mergedTranslations } from './translations';

/** SQL for product options and their rows. Each write bumps updatedAt of the row it changes. */

export type OptionRecord = typeof productOptions.$inferSelect;
export type RowRecord = typeof optionRows.$inferSelect;
export type NewOption = typeof productOptions.$inferInsert;
export type NewRow = typeof optionRows.$inferInsert;

/** An option with its restaurant and manager, or undefined when unknown. */
export async function findOptionWithOwner(db: Executor, optionId: string) {
  const [row] = await db
    .select({ option: productOptions, ...ownerColumns })
    .from(productOptions)
    .innerJoin(products, eq(products._id, productOptions.product_id))
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(productOptions._id, optionId))
    .limit(1);
  return row;
}

/** An option row with its restaurant and manager, or undefined when unknown. */
export async function findRowWithOwner(db: Executor, rowId: string) {
  const [row] = await db
    .select({ row: optionRows, ...ownerColumns })
    .from(optionRows)
    .innerJoin(productOptions, eq(productOptions._id, optionRows.product_option_id))
    .innerJoin(products, eq(products._id, productOptions.product_id))
    .innerJoin(categories, eq(categories._id, products.category_id))
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(optionRows._id, rowId))
    .limit(1);
  return row;
}

/**
 * A JSON array of the options of `productId` (a column or a value), each with its rows, built by the database in the
 * same query as its product, so a menu read never loops over products. Creation order is `seq` (an identity column:
 * timestamps tie within a millisecond or a multi-row INSERT). Timestamps as `::text`, the same text drizzle
 * answers for a timestamp column, so nested and top-level answers look alike. With every text's translations (issue
 * 18): the manager's list answers them, the public reads localize from them.
 */
export function optionsJson(productId: SQL): SQL {
  return sql`coalesce((
    select json_agg(json_build_object(
      '_id', o.id,
      'product_id', o.product_id,
      'name', o.name,
      'required', o.min_choices > 0,
      'min_choices', o.min_choices,
      'max_choices', o.max_choices,
      'translations', o.translations,
      'createdAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'updatedAt', to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'rows', coalesce((
        select json_agg(json_build_object(
          '_id', r.id,
          'product_option_id', r.product_option_id,
          'name', r.name,
          'price', r.price,
          'translations', r.translations,
          'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'updatedAt', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by r.seq)
        from option_rows r where r.product_option_id = o.id
      ), '[]'::json)
    ) order by o.seq)
    from product_options o where o.product_id = ${productId}
  ), '[]'::json)`;
}

/** A product's options with their rows, translations included (the manager's list). */
export async function listOptions(db: Executor, productId: string): Promise<ManagedOptionView[]> {
  const result = await db.execute(sql`select ${optionsJson(sql`${productId}::uuid`)} as options`);
  const options = rowsOf<{ options: ManagedOptionView[] }>(result)[0]!.options;
  return options.map((option) => ({ ...answeredTranslations(option), rows: option.rows.map(answeredTranslations) }));
}

export async function createOption(
  db: Executor,
  values: { product_id: string; name: string; min_choices: number; max_choices: number; translations?: Translations },
): Promise<OptionRecord> {
  const [row] = await db.insert(productOptions).values(values).returning();
  return row!;
}

/** Only the given fields change; translations are merged into the stored ones (the languages the patch names). */
export async function updateOption(
  db: Executor,
  optionId: string,
  patch: { name?: string; min_choices?: number; max_choices?: number; translations?: TranslationsPatch },
): Promise<OptionRecord | undefined> {
  const { translations, ...columns } = patch;
  const [row] = await db
    .update(productOptions)
    .set({
      ...columns,
      ...(translations === undefined
        ? {}
        : { translations: mergedTranslations(productOptions.translations, translations) }),
      updatedAt: sql`now()`,
    })
    .where(eq(productOptions._id, optionId))
    .returning();
  return row;
}

/** A POS option's name and choice counts, as the POS now has them. */
export async function updatePosOption(
  db: Executor,
  optionId: string,
  values: { name: string; min_choices: number; max_choices: number },
): Promise<OptionRecord | undefined> {
  const [row] = await db
    .update(productOptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(productOptions._id, optionId))
    .returning();
  return row;
}

/** Its rows go with it (ON DELETE CASCADE). */
export async function deleteOption(db: Executor, optionId: string): Promise<void> {
  await db.delete(productOptions).where(eq(productOptions._id, optionId));
}

export async function rowsOfOption(db: Executor, optionId: string): Promise<RowRecord[]> {
  return db.select().from(optionRows).where(eq(optionRows.product_option_id, optionId)).orderBy(asc(optionRows.seq));
}

export async function createRow(
  db: Executor,
  values: { product_option_id: string; name: string; price: number; translations?: Translations },
): Promise<RowRecord> {
  const [row] = await db.insert(optionRows).values(values).returning();
  return row!;
}

/** Only the given fields change; translations are merged into the stored ones (a sync never sends any). */
export async function updateRow(
  db: Executor,
  rowId: string,
  patch: { name?: string; price?: number; translations?: TranslationsPatch },
): Promise<RowRecord | undefined> {
  const { translations, ...columns } = patch;
  const [row] = await db
    .update(optionRows)
    .set({
      ...columns,
      ...(translations === undefined
        ? {}
        : { translations: mergedTranslations(optionRows.translations, translations) }),
      updatedAt: sql`now()`,
    })
    .where(eq(optionRows._id, rowId))
    .returning();
  return row;
}

export async function deleteRow(db: Executor, rowId: string): Promise<void> {
  await db.delete(optionRows).where(eq(optionRows._id, rowId));
}

/** The answer shape of a row (drops the integration's external_id). */
export function rowView(row: RowRecord): ManagedOptionRowView {
  return answeredTranslations({
    _id: row._id,
    product_option_id: row.product_option_id,
    name: row.name,
    price: row.price,
    translations: row.translations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });
}

export function optionView(option: OptionRecord, rows: RowRecord[] = []): ManagedOptionView {
  return answeredTranslations({
    _id: option._id,
    product_id: option.product_id,
    name: option.name,
    required: isRequired(option),
    min_choices: option.min_choices,
    max_choices: option.max_choices,
    translations: option.translations,
    createdAt: option.createdAt,
    updatedAt: option.updatedAt,
    rows: rows.map(rowView),
  });
}

// ---- Integration sync: the options and rows the POS owns (those with an external id). ----
// No empty-list guards: drizzle's inArray of an empty list is `false`, so such a call reads or changes nothing.

/** The POS's options of these products (options a manager added by hand have no external id and are left out). */
export async function posOptionsOf(tx: Executor, productIds: string[]): Promise<OptionRecord[]> {
  return tx
    .select()
    .from(productOptions)
    .where(and(inArray(productOptions.product_id, productIds), isNotNull(productOptions.external_id)));
}

/** The POS's rows of these options. */
export async function posRowsOf(tx: Executor, optionIds: string[]): Promise<RowRecord[]> {
  return tx
    .select()
    .from(optionRows)
    .where(and(inArray(optionRows.product_option_id, optionIds), isNotNull(optionRows.external_id)));
}

export async function insertOptions(tx: Executor, rows: NewOption[]): Promise<void> {
  await insertInChunks(rows, (chunk) => tx.insert(productOptions).values(chunk));
}

export async function insertRows(tx: Executor, rows: NewRow[]): Promise<void> {
  await insertInChunks(rows, (chunk) => tx.insert(optionRows).values(chunk));
}

export async function deleteRows(tx: Executor, rowIds: string[]): Promise<void> {
  await tx.delete(optionRows).where(inArray(optionRows._id, rowIds));
}

/** Their rows go with them (ON DELETE CASCADE). */
export async function deleteOptions(tx: Executor, optionIds: string[]): Promise<void> {
  await tx.delete(productOptions).where(inArray(productOptions._id, optionIds));
}
