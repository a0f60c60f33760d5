import type { Static } from 'typebox';
import { categoryForWrite, restaurantForWrite } from '../../access';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { messages } from '../../messages';
import {
  createCategory as insertCategory,
  listCategories,
  updateCategory as patchCategory,
  deleteCategory as removeCategory,
  saveCategoryPositions,
  unreferencedImages,
} from '../../repositories/categories';
import { findRestaurantStation } from '../../repositories/kitchen-stations';
import { answeredTranslations, newTranslations } from '../../repositories/translations';
import type { CategoryPositionsBody, CreateCategoryBody, UpdateCategoryBody } from '../../schemas/categories';
import type { Viewer } from '../../viewer';
import { afterDeletion } from '../deletion';
import type { DomainDeps } from '../deps';
import { storedSchedule } from './schedule';

/**
 * A restaurant's categories as its staff change them. Each use case checks ownership inside its transaction (a
 * manager reaches only their restaurants', an admin every one; anything else is a 404) and marks the restaurant's
 * menu changed, which the unit of work announces once the commit succeeded.
 */

/** A station named for a category must be one of its restaurant's (400 otherwise); null or absent is always fine. */
async function checkStation(tx: Executor, restaurantId: string, stationId: string | null | undefined) {
  if (stationId && !(await findRestaurantStation(tx, restaurantId, stationId))) {
    throw badRequest(messages.stationNotOfRestaurant);
  }
}

/** A new category goes last in the restaurant's order. */
export function createCategory(deps: DomainDeps, viewer: Viewer, body: Static<typeof CreateCategoryBody>) {
  const { title, restaurant_id, is_active, translations, station_id, schedule } = body;
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurant_id);
    await checkStation(w.tx, restaurant_id, station_id);
    const category = await insertCategory(w.tx, {
      title: title.trim(),
      restaurant_id,
      // The schema's default (true) is already in the body when it was not sent.
      is_active,
      translations: newTranslations(translations),
      station_id,
      schedule: storedSchedule(schedule),
    });
    w.menuChanged(restaurant_id);
    return answeredTranslations(category);
  });
}

/** Only the fields sent change; the others stay undefined, which the update leaves as they are. */
export function updateCategory(
  deps: DomainDeps,
  viewer: Viewer,
  categoryId: string,
  body: Static<typeof UpdateCategoryBody>,
) {
  const { title, is_active, translations, station_id, schedule } = body;
  return deps.work(async (w) => {
    const { category, restaurant_id } = await categoryForWrite(w.tx, viewer, categoryId);
    await checkStation(w.tx, restaurant_id, station_id);
    const updated = await patchCategory(w.tx, category._id, {
      title: title?.trim(),
      is_active,
      translations,
      station_id,
      schedule: storedSchedule(schedule),
    });
    if (!updated) throw notFound();
    w.menuChanged(restaurant_id);
    return answeredTranslations(updated);
  });
}

/** Deletes the category with its products, options and rows; image files nothing else shows go after the commit. */
export function deleteCategory(deps: DomainDeps, dataDir: string, viewer: Viewer, categoryId: string) {
  return deps.work(async (w) => {
    const { category, restaurant_id } = await categoryForWrite(w.tx, viewer, categoryId);
    const images = await removeCategory(w.tx, category._id);
    // A file another product or restaurant still points at stays.
    await afterDeletion(w, dataDir, { restaurantId: restaurant_id, files: await unreferencedImages(w.tx, images) });
  });
}

/** Every category of the restaurant exactly once, in the new order (a 400 otherwise, nothing changed). */
export function reorderCategories(deps: DomainDeps, viewer: Viewer, body: Static<typeof CategoryPositionsBody>) {
  const { restaurant_id, ids } = body;
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurant_id);
    if (!(await saveCategoryPositions(w.tx, restaurant_id, ids))) throw badRequest(messages.categoryListMismatch);
    w.menuChanged(restaurant_id);
    return (await listCategories(w.tx, { restaurantId: restaurant_id })).categories.map(answeredTranslations);
  });
}
