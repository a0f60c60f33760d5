import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Schedule } from '../../lib/schedule-types';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/client';
import { categories, products, restaurants } from '../db/schema';
import type { Translations, TranslationsPatch } from '../schemas/translations';
import { insertInChunks } from './chunks';
import { mergedTranslations } from './translations';

/** SQL for categories. Every write bumps updatedAt of what it changes. */

export type CategoryRecord = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export interface Counts {
  all_count: number;
  active_count: number;
  inactive_count: number;
}

export interface CategoryScope {
  /** One restaurant… */
  restaurantId?: string;
  /** …or every restaurant of this manager. */
  managerId?: string;
  /** Only active categories (what anonymous callers see). */
  activeOnly?: boolean;
}

/** Where a category, product, option or row hangs: its restaurant and that restaurant's manager (ownership checks). */
export const ownerColumns = { restaurant_id: restaurants._id, manager_id: restaurants.manager_id };

/** A category with its restaurant and manager, or undefined when unknown. */
export async function findCategoryWithOwner(db: Executor, categoryId: string) {
  const [row] = await db
    .select({ category: categories, ...ownerColumns })
    .from(categories)
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(eq(categories._id, categoryId))
    .limit(1);
  return row;
}

/**
 * Categories in display order with their counts, in one query: the counts are window aggregates over the same
 * filtered set, so the database counts and no second round trip is needed (an empty list simply has zero counts).
 */
export async function listCategories(
  db: Executor,
  scope: CategoryScope,
): Promise<{ categories: CategoryRecord[]; count: Counts }> {
  const conditions: SQL[] = [];
  if (scope.restaurantId) conditions.push(eq(categories.restaurant_id, scope.restaurantId));
  if (scope.managerId) conditions.push(eq(restaurants.manager_id, scope.managerId));
  if (scope.activeOnly) conditions.push(eq(categories.is_active, true));
  const rows = await db
    .select({
      category: getTableColumns(categories),
      all_count: sql<number>`(count(*) over ())::int`,
      active_count: sql<number>`(count(*) filter (where ${categories.is_active}) over ())::int`,
    })
    .from(categories)
    .innerJoin(restaurants, eq(restaurants._id, categories.restaurant_id))
    .where(and(...conditions))
    .orderBy(
      asc(restaurants.createdAt),
      asc(restaurants._id),
      asc(categories.position),
      asc(categories.createdAt),
      asc(categories._id),
    );
  const all = rows[0]?.all_count ?? 0;
  const active = rows[0]?.active_count ?? 0;
  return {
    categories: rows.map((row) => row.category),
    count: { all_count: all, active_count: active, inactive_count: all - active },
  };
}

/** New categories go last: position one past the restaurant's highest. */
export async function createCategory(
  db: Executor,
  values: {
    title: string;
    restaurant_id: string;
    is_active?: boolean;
    translations?: Translations;
    station_id?: string | null;
    schedule?: Schedule | null;
  },
): Promise<CategoryRecord> {
  const [row] = await db
    .insert(categories)
    .values({
      ...values,
      position: sql`(select coalesce(max(${categories.position}) + 1, 0) from ${categories} where ${categories.restaurant_id} = ${values.restaurant_id})`,
    })
    .returning();
  return row!;
}

/**
 * Only the given fields change. A manager setting is_active takes the category over from the POS (pos_stopped false).
 * Translations are merged into the stored ones (the languages the patch names); a sync never sends any.
 */
export async function updateCategory(
  db: Executor,
  categoryId: string,
  patch: {
    title?: string;
    is_active?: boolean;
    translations?: TranslationsPatch;
    station_id?: string | null;
    schedule?: Schedule | null;
  },
): Promise<CategoryRecord | undefined> {
  const { translations, ...columns } = patch;
  const [row] = await db
    .update(categories)
    .set({
      ...columns,
      ...(translations === undefined
        ? {}
        : { translations: mergedTranslations(categories.translations, translations) }),
      ...(patch.is_active === undefined ? {} : { pos_stopped: false }),
      updatedAt: sql`now()`,
    })
    .where(eq(categories._id, categoryId))
    .returning();
  return row;
}

/**
 * Deletes a category; its products, options and rows go by ON DELETE CASCADE. Answers the image URLs its products
 * had, so the caller can remove the files after the commit.
 */
export async function deleteCategory(db: Executor, categoryId: string): Promise<string[]> {
  const owned = await db.select({ images: products.images }).from(products).where(eq(products.category_id, categoryId));
  await db.delete(categories).where(eq(categories._id, categoryId));
  return owned.flatMap((product) => product.images.map((image) => image.file));
}

/**
 * Saves the categories' positions (their display order). `ids` must be exactly the restaurant's categories (each
 * once); otherwise nothing changes and false is answered. The restaurant's categories are locked so a concurrent
 * create cannot slip between check and write.
 */
export async function saveCategoryPositions(db: Executor, restaurantId: string, ids: string[]): Promise<boolean> {
  const current = await db
    .select({ _id: categories._id })
    .from(categories)
    .where(eq(categories.restaurant_id, restaurantId))
    .for('update');
  if (
    !sameSet(
      current.map((row) => row._id),
      ids,
    )
  )
    return false;
  if (ids.length > 0) await applyPositions(db, 'categories', ids);
  return true;
}

export function sameSet(current: string[], wanted: string[]): boolean {
  if (current.length !== wanted.length) return false;
  const have = new Set(current.map((id) => id.toLowerCase()));
  return wanted.every((id) => have.has(id.toLowerCase()));
}

/**
 * One UPDATE for a whole order: position = index in `ids`. Rows already in place keep their updatedAt (only what
 * changes is bumped).
 */
export async function applyPositions(db: Executor, table: 'categories' | 'products', ids: string[]): Promise<void> {
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${sql.identifier(table)} as t set position = v.position, updated_at = now()
        from (values ${values}) as v(id, position)
        where t.id = v.id and t.position <> v.position`,
  );
}

/** Image URLs among `urls` that nothing references any more (no product image, no restaurant picture). */
export async function unreferencedImages(db: Executor, urls: string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const list = sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select e->>'file' as url from products p, jsonb_array_elements(p.images) e where e->>'file' in (${list})
    union select image from restaurants where image in (${list})
    union select logotype from restaurants where logotype in (${list})`);
  const used = new Set(rowsOf<{ url: string }>(result).map((row) => row.url));
  return urls.filter((url) => !used.has(url));
}

// ---- Integration sync: the POS's categories of one restaurant. ----

/** The restaurant's categories, locked in id order (the stop-list cascade locks in the same order: no deadlock). */
export async function lockCategoriesOf(tx: Executor, restaurantId: string): Promise<CategoryRecord[]> {
  return tx
    .select()
    .from(categories)
    .where(eq(categories.restaurant_id, restaurantId))
    .orderBy(asc(categories._id))
    .for('update');
}

export async function insertCategories(tx: Executor, rows: NewCategory[]): Promise<void> {
  await insertInChunks(rows, (chunk) => tx.insert(categories).values(chunk));
}

/** Categories the POS took off its menu: inactive, marked as the POS's doing (so the POS may bring them back). */
export async function stopCategoriesFromPos(tx: Executor, categoryIds: string[]): Promise<void> {
  await tx
    .update(categories)
    .set({ is_active: false, pos_stopped: true, updatedAt: sql`now()` })
    .where(inArray(categories._id, categoryIds));
}

const externalList = (externalIds: string[]) =>
  sql.join(
    externalIds.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Active categories of these POS groups that have products but no active one any more: inactive, marked as the POS's.
 * Answers their ids.
 */
export async function stopEmptiedPosCategories(
  tx: Executor,
  restaurantId: string,
  externalIds: string[],
): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const stopped = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update categories c set is_active = false, pos_stopped = true, updated_at = now()
      where c.restaurant_id = ${restaurantId} and c.external_id in (${externalList(externalIds)}) and c.is_active
        and exists (select 1 from products p where p.category_id = c.id)
        and not exists (select 1 from products p where p.category_id = c.id and p.is_active)
      returning c.id`),
  );
  return stopped.map((row) => row.id);
}

/**
 * Categories of these POS groups that the POS had stopped and that have an active product again: active. A category a
 * manager deactivated (pos_stopped false) stays as it is. Answers their ids.
 */
export async function releaseRefilledPosCategories(
  tx: Executor,
  restaurantId: string,
  externalIds: string[],
): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const released = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update categories c set is_active = true, pos_stopped = false, updated_at = now()
      where c.restaurant_id = ${restaurantId} and c.external_id in (${externalList(externalIds)}) and not c.is_active and c.pos_stopped
        and exists (select 1 from products p where p.category_id = c.id and p.is_active)
      returning c.id`),
  );
  return released.map((row) => row.id);
}
