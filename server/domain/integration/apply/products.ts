import { randomUUID } from 'node:crypto';
import type { Portion } from '../../../../lib/dish-facts';
import type { Tx } from '../../../db/client';
import type { ProductImage } from '../../../db/schema';
import type { PosProduct, PosStopEntry } from '../../../integrations/provider';
import {
  insertProducts,
  type NewProduct,
  type ProductRecord,
  updateProductFromPos,
} from '../../../repositories/products';
import { UPLOADS_URL_PREFIX } from '../../../uploads/storage';
import type { Tally } from './tally';

/** What the products step leaves to the later steps. */
export interface ProductsApplied {
  /** Which product each POS product now is (the options step hangs options on them). */
  idByExternal: Map<string, string>;
  /** Products to move to the stop-list: stop-listed at the till, or gone from the POS menu. */
  toStop: string[];
  /** Products the POS had stopped and no longer does. */
  toRelease: string[];
}

const samePortion = (a: Portion | null, b: Portion | null) => a?.value === b?.value && a?.unit === b?.unit;

/** The POS keeps the portion and calories in step, each until a manager sets it by hand. */
function factsPatch(existing: ProductRecord, posProduct: PosProduct): Partial<NewProduct> {
  const patch: Partial<NewProduct> = {};
  const byHand = new Set(existing.manual_facts);
  if (!byHand.has('portion') && !samePortion(existing.portion, posProduct.portion)) patch.portion = posProduct.portion;
  if (!byHand.has('calories') && existing.calories !== posProduct.calories) patch.calories = posProduct.calories;
  return patch;
}

const hasUploadedImage = (images: ProductImage[]) => images.some((image) => image.file.startsWith(UPLOADS_URL_PREFIX));
const sameFiles = (a: ProductImage[], b: ProductImage[]) =>
  a.length === b.length && a.every((image, i) => image.file === b[i]!.file);

/**
 * The products step: by external id across the whole restaurant (the POS may move a product to another group). The POS
 * owns names and prices, and a dish's portion and calories until a manager sets one by hand; the panel owns
 * descriptions (the POS only fills an empty one), uploaded images and the order (a new or moved product goes last in
 * its category). Availability is not written here but collected for the stop-list step, which cascades to categories
 * as the stop-list screen does.
 */
export async function applyProducts(
  tx: Tx,
  posProducts: PosProduct[],
  current: ProductRecord[],
  categoryIdByExternal: Map<string, string>,
  stopList: PosStopEntry[],
  tally: Tally,
): Promise<ProductsApplied> {
  const byExternal = new Map(current.filter((p) => p.external_id !== null).map((p) => [p.external_id!, p]));
  const nextPosition = new Map<string, number>();
  for (const p of current) {
    nextPosition.set(p.category_id, Math.max(nextPosition.get(p.category_id) ?? 0, p.position + 1));
  }
  const takePosition = (categoryId: string) => {
    const position = nextPosition.get(categoryId) ?? 0;
    nextPosition.set(categoryId, position + 1);
    return position;
  };
  const isStopped = (p: PosProduct) =>
    stopList.some((entry) => entry.productId === p.externalId && (entry.sizeId === null || entry.sizeId === p.sizeId));

  const created: NewProduct[] = [];
  const applied: ProductsApplied = { idByExternal: new Map(), toStop: [], toRelease: [] };
  for (const posProduct of posProducts) {
    const categoryId = categoryIdByExternal.get(posProduct.categoryExternalId)!;
    const posImages = posProduct.imageUrls.map((file) => ({ file }));
    const stopped = isStopped(posProduct);
    const existing = byExternal.get(posProduct.externalId);
    if (!existing) {
      const _id = randomUUID();
      applied.idByExternal.set(posProduct.externalId, _id);
      created.push({
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
        pos_size_id: posProduct.sizeId,
        portion: posProduct.portion,
        calories: posProduct.calories,
      });
      tally.create(_id);
      continue;
    }
    applied.idByExternal.set(posProduct.externalId, existing._id);
    const patch: Partial<NewProduct> = factsPatch(existing, posProduct);
    if (existing.name !== posProduct.name) patch.name = posProduct.name;
    if (existing.price !== posProduct.price) patch.price = posProduct.price;
    // The till takes the size the price came from: an order names it (pos-orders).
    if (existing.pos_size_id !== posProduct.sizeId) patch.pos_size_id = posProduct.sizeId;
    if (existing.category_id !== categoryId) {
      patch.category_id = categoryId;
      patch.position = takePosition(categoryId);
    }
    // The panel owns descriptions: the POS only fills one that is empty.
    if (existing.description === '' && posProduct.description !== '') patch.description = posProduct.description;
    // The panel owns uploaded images; until one is uploaded the POS's pictures are shown.
    if (!hasUploadedImage(existing.images) && !sameFiles(existing.images, posImages)) patch.images = posImages;
    if (Object.keys(patch).length > 0) {
      await updateProductFromPos(tx, existing._id, patch);
      tally.update(existing._id);
    }
    // Stop-list: the POS deactivates; it reactivates only what it deactivated itself (a manager's stop stays).
    if (stopped && existing.is_active) applied.toStop.push(existing._id);
    if (!stopped && !existing.is_active && existing.pos_stopped) applied.toRelease.push(existing._id);
  }
  await insertProducts(tx, created);

  // A product that left the POS menu becomes inactive, marked as the POS's doing, so it returns if the POS lists it again.
  const present = new Set(posProducts.map((p) => p.externalId));
  for (const p of current) {
    if (p.external_id !== null && !present.has(p.external_id) && p.is_active) applied.toStop.push(p._id);
  }
  return applied;
}
