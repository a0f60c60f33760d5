import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/client';
import { categories, optionRows, type ProductImage, productOptions, products } from '../db/schema';
import { setProductsAvailability } from '../repositories/products';
import { UPLOADS_URL_PREFIX } from '../uploads/storage';
import type { PosMenu, PosOption, PosProduct, PosStopEntry } from './provider';

/**
 * Writes a POS menu into one restaurant, inside the caller's transaction (docs/integration.md, "Sync rules"):
 * upsert by the POS's ids; the POS owns names, prices, options and rows; the panel owns uploaded images, descriptions
 * and the display order; stop-listed and removed items become inactive (pos_stopped), never deleted; nothing is
 * written where nothing differs, so a second sync of an unchanged menu leaves every updatedAt as it was.
 */

export interface SyncCounts {
  created: number;
  updated: number;
  deactivated: number;
}

type CategoryRow = typeof categories.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;
type RowRow = typeof optionRows.$inferSelect;

/** Each changed item is counted once: created before deactivated before updated. */
class Tally {
  private readonly created = new Set<string>();
  private readonly updated = new Set<string>();
  private readonly deactivated = new Set<string>();
  create(id: string) {
    this.created.add(id);
  }
  update(id: string) {
    this.updated.add(id);
  }
  deactivate(id: string) {
    this.deactivated.add(id);
  }
  counts(): SyncCounts {
    const deactivated = [...this.deactivated].filter((id) => !this.created.has(id));
    const updated = [...this.updated].filter((id) => !this.created.has(id) && !this.deactivated.has(id));
    return { created: this.created.size, updated: updated.length, deactivated: deactivated.length };
  }
}

const CHUNK = 500;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

const now = sql`now()`;
const hasUploadedImage = (images: ProductImage[]) => images.some((image) => image.file.startsWith(UPLOADS_URL_PREFIX));
const sameFiles = (a: ProductImage[], b: ProductImage[]) =>
  a.length === b.length && a.every((image, i) => image.file === b[i]!.file);

export async function applyMenu(
  tx: Tx,
  restaurantId: string,
  posMenu: PosMenu,
  stopList: PosStopEntry[],
): Promise<SyncCounts> {
  const tally = new Tally();
  // A provider must place every product in one of its categories; one that does not is not on the menu.
  const listed = new Set(posMenu.categories.map((c) => c.externalId));
  const menu: PosMenu = {
    categories: posMenu.categories,
    products: posMenu.products.filter((p) => listed.has(p.categoryExternalId)),
  };

  // Current state, locked in id order like the stop-list cascade does, so the two cannot deadlock.
  const currentCategories: CategoryRow[] = await tx
    .select()
    .from(categories)
    .where(eq(categories.restaurant_id, restaurantId))
    .orderBy(asc(categories._id))
    .for('update');
  const categoryIds = currentCategories.map((c) => c._id);
  const currentProducts: ProductRow[] =
    categoryIds.length === 0
      ? []
      : await tx
          .select()
          .from(products)
          .where(inArray(products.category_id, categoryIds))
          .orderBy(asc(products._id))
          .for('update');

  // ---- Categories: POS groups by external id; new ones go last. ----
  const categoryByExternal = new Map(
    currentCategories.filter((c) => c.external_id !== null).map((c) => [c.external_id!, c]),
  );
  let nextCategoryPosition = Math.max(-1, ...currentCategories.map((c) => c.position)) + 1;
  const newCategories: (typeof categories.$inferInsert)[] = [];
  const categoryIdByExternal = new Map<string, string>();
  for (const posCategory of menu.categories) {
    const existing = categoryByExternal.get(posCategory.externalId);
    if (existing) {
      categoryIdByExternal.set(posCategory.externalId, existing._id);
      if (existing.title !== posCategory.name) {
        await tx
          .update(categories)
          .set({ title: posCategory.name, updatedAt: now })
          .where(eq(categories._id, existing._id));
        tally.update(existing._id);
      }
      continue;
    }
    const _id = randomUUID();
    categoryIdByExternal.set(posCategory.externalId, _id);
    newCategories.push({
      _id,
      title: posCategory.name,
      restaurant_id: restaurantId,
      position: nextCategoryPosition++,
      external_id: posCategory.externalId,
    });
    tally.create(_id);
  }
  await insertChunked(newCategories, (chunk) => tx.insert(categories).values(chunk));

  // A POS group that left the menu: its category becomes inactive (unless a manager had already deactivated it).
  const presentCategoryExternals = new Set(menu.categories.map((c) => c.externalId));
  const goneCategories = currentCategories.filter(
    (c) => c.external_id !== null && !presentCategoryExternals.has(c.external_id) && c.is_active,
  );
  if (goneCategories.length > 0) {
    await tx
      .update(categories)
      .set({ is_active: false, pos_stopped: true, updatedAt: now })
      .where(
        inArray(
          categories._id,
          goneCategories.map((c) => c._id),
        ),
      );
    for (const c of goneCategories) tally.deactivate(c._id);
  }

  // ---- Products: by external id across the whole restaurant (the POS may move a product to another group). ----
  const productByExternal = new Map(
    currentProducts.filter((p) => p.external_id !== null).map((p) => [p.external_id!, p]),
  );
  const nextProductPosition = new Map<string, number>();
  for (const p of currentProducts) {
    nextProductPosition.set(p.category_id, Math.max(nextProductPosition.get(p.category_id) ?? 0, p.position + 1));
  }
  const takePosition = (categoryId: string) => {
    const position = nextProductPosition.get(categoryId) ?? 0;
    nextProductPosition.set(categoryId, position + 1);
    return position;
  };
  const isStopped = (p: PosProduct) =>
    stopList.some((entry) => entry.productId === p.externalId && (entry.sizeId === null || entry.sizeId === p.sizeId));

  const newProducts: (typeof products.$inferInsert)[] = [];
  const productIdByExternal = new Map<string, string>();
  const toStop: string[] = [];
  const toRelease: string[] = [];
  for (const posProduct of menu.products) {
    const categoryId = categoryIdByExternal.get(posProduct.categoryExternalId)!;
    const posImages = posProduct.imageUrls.map((file) => ({ file }));
    const stopped = isStopped(posProduct);
    const existing = productByExternal.get(posProduct.externalId);
    if (!existing) {
      const _id = randomUUID();
      productIdByExternal.set(posProduct.externalId, _id);
      newProducts.push({
        _id,
        name: posProduct.name,
        category_id: categoryId,
        description: posProduct.description,
        price: posProduct.price,
        is_active: !stopped,
        pos_stopped: stopped,
        images: posImages,
        position: takePosition(categoryId),
        external_id: posProduct.externalId,
      });
      tally.create(_id);
      continue;
    }
    productIdByExternal.set(posProduct.externalId, existing._id);
    const patch: Partial<typeof products.$inferInsert> = {};
    if (existing.name !== posProduct.name) patch.name = posProduct.name;
    if (existing.price !== posProduct.price) patch.price = posProduct.price;
    if (existing.category_id !== categoryId) {
      patch.category_id = categoryId;
      patch.position = takePosition(categoryId);
    }
    // The panel owns descriptions: the POS only fills one that is empty.
    if (existing.description === '' && posProduct.description !== '') patch.description = posProduct.description;
    // The panel owns uploaded images; until one is uploaded the POS's pictures are shown.
    if (!hasUploadedImage(existing.images) && !sameFiles(existing.images, posImages)) patch.images = posImages;
    if (Object.keys(patch).length > 0) {
      await tx
        .update(products)
        .set({ ...patch, updatedAt: now })
        .where(eq(products._id, existing._id));
      tally.update(existing._id);
    }
    // Stop-list: the POS deactivates; it reactivates only what it deactivated itself (a manager's stop stays).
    if (stopped && existing.is_active) toStop.push(existing._id);
    if (!stopped && !existing.is_active && existing.pos_stopped) toRelease.push(existing._id);
  }
  await insertChunked(newProducts, (chunk) => tx.insert(products).values(chunk));

  // A product that left the POS menu becomes inactive, marked as the POS's doing, so it returns if the POS lists it again.
  const presentProductExternals = new Set(menu.products.map((p) => p.externalId));
  for (const p of currentProducts) {
    if (p.external_id !== null && !presentProductExternals.has(p.external_id) && p.is_active) toStop.push(p._id);
  }

  await applyOptions(tx, menu, productIdByExternal, tally);

  // The stop-list move and its category cascade (spec 4) as the stop-list screen does it, marked as the POS's.
  if (toStop.length > 0) {
    const change = await setProductsAvailability(tx, toStop, false, { source: 'pos' });
    for (const id of change.products) tally.deactivate(id);
    for (const c of change.categories) tally.deactivate(c._id);
  }
  if (toRelease.length > 0) {
    const change = await setProductsAvailability(tx, toRelease, true, { source: 'pos' });
    for (const id of change.products) tally.update(id);
    for (const c of change.categories) tally.update(c._id);
  }
  await settleCategories(tx, restaurantId, [...presentCategoryExternals], tally);
  return tally.counts();
}

/**
 * The cascade for what the stop-list move does not see: a new category whose products all arrived stop-listed,
 * and a category the POS had deactivated that has an active product again (its group came back with new products).
 * Only categories of the POS's present groups, and only reactivating what the POS deactivated.
 */
async function settleCategories(tx: Tx, restaurantId: string, presentExternals: string[], tally: Tally) {
  if (presentExternals.length === 0) return;
  const externals = sql.join(
    presentExternals.map((id) => sql`${id}`),
    sql`, `,
  );
  const deactivated = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update categories c set is_active = false, pos_stopped = true, updated_at = now()
      where c.restaurant_id = ${restaurantId} and c.external_id in (${externals}) and c.is_active
        and exists (select 1 from products p where p.category_id = c.id)
        and not exists (select 1 from products p where p.category_id = c.id and p.is_active)
      returning c.id`),
  );
  for (const row of deactivated) tally.deactivate(row.id);
  const reactivated = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update categories c set is_active = true, pos_stopped = false, updated_at = now()
      where c.restaurant_id = ${restaurantId} and c.external_id in (${externals}) and not c.is_active and c.pos_stopped
        and exists (select 1 from products p where p.category_id = c.id and p.is_active)
      returning c.id`),
  );
  for (const row of reactivated) tally.update(row.id);
}

/**
 * Options and rows of every product the POS lists. They carry no active flag and belong to the POS: one it no longer
 * lists is deleted (counted as deactivated). Options a manager added by hand (no external id) are left alone.
 */
async function applyOptions(tx: Tx, menu: PosMenu, productIdByExternal: Map<string, string>, tally: Tally) {
  const productIds = [...productIdByExternal.values()];
  const currentOptions: OptionRow[] =
    productIds.length === 0
      ? []
      : await tx
          .select()
          .from(productOptions)
          .where(and(inArray(productOptions.product_id, productIds), isNotNull(productOptions.external_id)));
  const currentRows: RowRow[] =
    currentOptions.length === 0
      ? []
      : await tx
          .select()
          .from(optionRows)
          .where(
            and(
              inArray(
                optionRows.product_option_id,
                currentOptions.map((o) => o._id),
              ),
              isNotNull(optionRows.external_id),
            ),
          );
  const optionsByProduct = groupBy(currentOptions, (o) => o.product_id);
  const rowsByOption = groupBy(currentRows, (r) => r.product_option_id);

  const newOptions: (typeof productOptions.$inferInsert)[] = [];
  const newRows: (typeof optionRows.$inferInsert)[] = [];
  const deleteOptionIds: string[] = [];
  const deleteRowIds: string[] = [];

  const syncRows = async (optionId: string, posOption: PosOption, existingRows: RowRow[]) => {
    const byExternal = new Map(existingRows.map((r) => [r.external_id!, r]));
    for (const posRow of posOption.rows) {
      const existing = byExternal.get(posRow.externalId);
      if (!existing) {
        const _id = randomUUID();
        newRows.push({
          _id,
          product_option_id: optionId,
          name: posRow.name,
          price: posRow.price,
          external_id: posRow.externalId,
        });
        tally.create(_id);
        continue;
      }
      byExternal.delete(posRow.externalId);
      if (existing.name !== posRow.name || existing.price !== posRow.price) {
        await tx
          .update(optionRows)
          .set({ name: posRow.name, price: posRow.price, updatedAt: now })
          .where(eq(optionRows._id, existing._id));
        tally.update(existing._id);
      }
    }
    for (const gone of byExternal.values()) deleteRowIds.push(gone._id);
  };

  for (const posProduct of menu.products) {
    const productId = productIdByExternal.get(posProduct.externalId)!;
    const existingOptions = new Map((optionsByProduct.get(productId) ?? []).map((o) => [o.external_id!, o]));
    for (const posOption of posProduct.options) {
      const existing = existingOptions.get(posOption.externalId);
      if (!existing) {
        const _id = randomUUID();
        newOptions.push({ _id, product_id: productId, name: posOption.name, external_id: posOption.externalId });
        tally.create(_id);
        await syncRows(_id, posOption, []);
        continue;
      }
      existingOptions.delete(posOption.externalId);
      if (existing.name !== posOption.name) {
        await tx
          .update(productOptions)
          .set({ name: posOption.name, updatedAt: now })
          .where(eq(productOptions._id, existing._id));
        tally.update(existing._id);
      }
      await syncRows(existing._id, posOption, rowsByOption.get(existing._id) ?? []);
    }
    for (const gone of existingOptions.values()) deleteOptionIds.push(gone._id);
  }

  await insertChunked(newOptions, (chunk) => tx.insert(productOptions).values(chunk));
  await insertChunked(newRows, (chunk) => tx.insert(optionRows).values(chunk));
  if (deleteRowIds.length > 0) await tx.delete(optionRows).where(inArray(optionRows._id, deleteRowIds));
  if (deleteOptionIds.length > 0) await tx.delete(productOptions).where(inArray(productOptions._id, deleteOptionIds));
  for (const id of [...deleteRowIds, ...deleteOptionIds]) tally.deactivate(id);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
