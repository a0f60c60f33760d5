import { productForWrite, restaurantForWrite } from '../../access';
import type { Config } from '../../config';
import { badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import { unreferencedImages } from '../../repositories/categories';
import { appendProductImages, productExists } from '../../repositories/products';
import { lockRestaurantPictures, setRestaurantPicture } from '../../repositories/restaurants';
import { MAX_FILES, type PictureType } from '../../schemas/upload';
import { storeImages, type UploadedImage } from '../../uploads/images';
import { removeStoredFiles } from '../../uploads/storage';
import { ownsRestaurant, type Viewer } from '../../viewer';
import { removeAfterCommit } from '../deletion';
import type { DomainDeps } from '../deps';
import type { Work } from '../unit-of-work';

/** Where uploaded images go: a restaurant picture, a product's images, or nowhere yet (a product form sends them later). */
export type ImageTarget =
  | { kind: 'restaurant'; restaurantId: string; picture: PictureType }
  | { kind: 'product'; productId: string }
  | { kind: 'none' };

/** Sets the restaurant's picture; the file it replaced goes after the commit unless something else still shows it. */
async function replaceRestaurantPicture(
  w: Work,
  dataDir: string,
  viewer: Viewer,
  target: Extract<ImageTarget, { kind: 'restaurant' }>,
  url: string,
) {
  const row = await lockRestaurantPictures(w.tx, target.restaurantId);
  // Checked again under the row lock: the restaurant may have been deleted or reassigned during the image work.
  if (!row || !ownsRestaurant(viewer, row)) throw notFound(messages.restaurantNotFound);
  await setRestaurantPicture(w.tx, target.restaurantId, target.picture, url);
  const replaced = row[target.picture];
  // A product may have been given the same URL.
  const orphans = replaced ? await unreferencedImages(w.tx, [replaced]) : [];
  await removeAfterCommit(w, dataDir, orphans);
}

/** Appends the images, refusing to go over MAX_FILES: 400 when the product is full, 404 when it is gone. */
async function addProductImages(w: Work, productId: string, urls: string[]) {
  if (await appendProductImages(w.tx, productId, urls, MAX_FILES)) return;
  throw (await productExists(w.tx, productId))
    ? badRequest(messages.tooManyImages(MAX_FILES))
    : notFound(messages.productNotFound);
}

/**
 * Stores uploaded images (re-encoded, see uploads/images.ts) and gives them to their target. Ownership is checked
 * before any image work, so another tenant's id answers 404 exactly like a missing one and costs no encoding. The
 * encoding runs outside any transaction (it may wait in the image queue); only the write that follows is in the unit
 * of work. When that write fails, the files just stored are removed again: nothing points at them. Answers the URLs
 * in the order the files came. Throws ImageWorkRefused (503) when the image queue is full or an image is too slow.
 */
export async function uploadImages(
  deps: DomainDeps,
  { dataDir, imageTimeoutSeconds }: Pick<Config, 'dataDir' | 'imageTimeoutSeconds'>,
  viewer: Viewer,
  target: ImageTarget,
  files: UploadedImage[],
): Promise<string[]> {
  const work = { timeoutSeconds: imageTimeoutSeconds };
  if (target.kind === 'none') return storeImages(dataDir, files, work);
  const restaurantId =
    target.kind === 'restaurant'
      ? (await restaurantForWrite(deps.db, viewer, target.restaurantId))._id
      : (await productForWrite(deps.db, viewer, target.productId)).restaurant_id;

  const urls = await storeImages(dataDir, files, work);
  // Set by the first after-commit effect: from then on the new files are referenced and must stay, even if a later
  // effect (removing the replaced picture) fails.
  let committed = false;
  try {
    await deps.work(async (w) => {
      w.afterCommit(() => {
        committed = true;
      });
      if (target.kind === 'restaurant') await replaceRestaurantPicture(w, dataDir, viewer, target, urls[0]!);
      else await addProductImages(w, target.productId, urls);
      w.menuChanged(restaurantId);
    });
  } catch (error) {
    // Unless the store fails this too: then the abandoned files are swept a day later (uploads/sweep.ts).
    if (!committed) await removeStoredFiles(dataDir, urls).catch(() => undefined);
    throw error;
  }
  return urls;
}
