import type { Static } from 'typebox';
import { categoryForWrite, productForWrite } from '../../access';
import { badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import { unreferencedImages } from '../../repositories/categories';
import {
  createProduct as insertProduct,
  listProducts,
  type ProductPatch,
  updateProduct as patchProduct,
  deleteProduct as removeProduct,
  saveProductPositions,
} from '../../repositories/products';
import { answeredTranslations, newTranslations } from '../../repositories/translations';
import type { CreateProductBody, ProductPositionsBody, UpdateProductBody } from '../../schemas/products';
import { missingStoredImages } from '../../uploads/storage';
import type { Viewer } from '../../viewer';
import { afterDeletion, removeAfterCommit } from '../deletion';
import type { DomainDeps } from '../deps';
import { dishFactColumns, factsSetByHand } from './dish-facts';
import { storedSchedule } from './schedule';

/**
 * A restaurant's products as its staff change them (the stop-list moves are in availability.ts). Each use case checks
 * ownership inside its transaction (a manager reaches only their restaurants' products, an admin every one; anything
 * else is a 404) and marks the restaurant's menu changed, which the unit of work announces once the commit succeeded.
 */

/** A product may only point at images whose file is stored (an abandoned upload is swept after a day). */
async function assertImagesStored(dataDir: string, files: string[]) {
  if ((await missingStoredImages(dataDir, files)).length > 0) throw badRequest(messages.imageMissing);
}

/** A new product goes last in its category; ownership is checked before its images (a foreign category is a 404). */
export function createProduct(
  deps: DomainDeps,
  dataDir: string,
  viewer: Viewer,
  body: Static<typeof CreateProductBody>,
) {
  return deps.work(async (w) => {
    const { restaurant_id } = await categoryForWrite(w.tx, viewer, body.category_id);
    const facts = dishFactColumns(body);
    await assertImagesStored(dataDir, body.images?.map((image) => image.file) ?? []);
    const product = await insertProduct(w.tx, {
      name: body.name.trim(),
      category_id: body.category_id,
      price: body.price,
      description: body.description?.trim() ?? '',
      // The schema's default (true) is already in the body when it was not sent.
      is_active: body.is_active,
      images: body.images ?? [],
      translations: newTranslations(body.translations),
      ikpu: body.ikpu ?? null,
      package_code: body.package_code ?? null,
      ...facts,
      schedule: storedSchedule(body.schedule) ?? null,
      manual_facts: factsSetByHand(body),
    });
    w.menuChanged(restaurant_id);
    return { id: product._id, ...answeredTranslations(product) };
  });
}

/**
 * Only the fields sent change. A product moves only to a category of its own restaurant; a new image URL must be a
 * stored file; the files the product no longer shows (and nothing else does) are removed after the commit.
 */
export function updateProduct(
  deps: DomainDeps,
  dataDir: string,
  viewer: Viewer,
  productId: string,
  body: Static<typeof UpdateProductBody>,
) {
  return deps.work(async (w) => {
    const { product, restaurant_id } = await productForWrite(w.tx, viewer, productId);
    if (body.category_id !== undefined && body.category_id !== product.category_id) {
      const target = await categoryForWrite(w.tx, viewer, body.category_id);
      if (target.restaurant_id !== restaurant_id) throw badRequest(messages.productToOtherRestaurant);
    }
    // Fields not sent stay undefined, and an update leaves undefined columns as they are.
    const patch: ProductPatch = {
      name: body.name?.trim(),
      description: body.description?.trim(),
      price: body.price,
      is_active: body.is_active,
      translations: body.translations,
      category_id: body.category_id === product.category_id ? undefined : body.category_id,
      images: body.images,
      ikpu: body.ikpu,
      package_code: body.package_code,
      ...dishFactColumns(body),
      schedule: storedSchedule(body.schedule),
      setByHand: factsSetByHand(body),
    };
    if (body.images !== undefined) {
      const current = new Set(product.images.map((image) => image.file));
      await assertImagesStored(
        dataDir,
        body.images.map((image) => image.file).filter((file) => !current.has(file)),
      );
    }
    const updated = await patchProduct(w.tx, product._id, patch);
    if (!updated) throw notFound(messages.productNotFound);
    w.menuChanged(restaurant_id);
    // Of the files the product showed before, those nothing shows now (this product included) go.
    const orphans = await unreferencedImages(
      w.tx,
      product.images.map((image) => image.file),
    );
    await removeAfterCommit(w, dataDir, orphans);
    return answeredTranslations(updated);
  });
}

/** Deletes the product with its options and rows; image files nothing else shows go after the commit. */
export function deleteProduct(deps: DomainDeps, dataDir: string, viewer: Viewer, productId: string) {
  return deps.work(async (w) => {
    const { product, restaurant_id } = await productForWrite(w.tx, viewer, productId);
    const images = await removeProduct(w.tx, product._id);
    // A file another product or restaurant still points at stays.
    await afterDeletion(w, dataDir, { restaurantId: restaurant_id, files: await unreferencedImages(w.tx, images) });
  });
}

/** Every product of the category exactly once, in the new order (a 400 otherwise, nothing changed). */
export function reorderProducts(deps: DomainDeps, viewer: Viewer, body: Static<typeof ProductPositionsBody>) {
  const { category_id, ids } = body;
  return deps.work(async (w) => {
    const { restaurant_id } = await categoryForWrite(w.tx, viewer, category_id);
    if (!(await saveProductPositions(w.tx, category_id, ids))) throw badRequest(messages.productListMismatch);
    w.menuChanged(restaurant_id);
    return (await listProducts(w.tx, { categoryId: category_id })).map(answeredTranslations);
  });
}
