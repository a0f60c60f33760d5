import type { Tx } from '../../db/client';
import type { PosMenu, PosStopEntry } from '../../integrations/provider';
import { lockCategoriesOf } from '../../repositories/categories';
import { lockProductsOf } from '../../repositories/products';
import type { SyncCounts } from '../../repositories/sync-runs';
import { applyCategories } from './apply/categories';
import { applyOptions } from './apply/options';
import { applyProducts } from './apply/products';
import { applyStopList, settleCategories } from './apply/stop-list';
import { Tally } from './apply/tally';

/**
 * Writes a POS menu into one restaurant, inside the caller's transaction (docs/integration.md, "Sync rules"):
 * upsert by the POS's ids; the POS owns names, prices, options and rows; the panel owns uploaded images, descriptions
 * and the display order; stop-listed and removed items become inactive (pos_stopped), never deleted; nothing is
 * written where nothing differs, so a second sync of an unchanged menu leaves every updatedAt as it was.
 *
 * One step per entity, in this order: categories (products need their ids), products, options and rows, then the
 * stop-list move with its category cascade, and last the categories that cascade cannot see.
 */
export async function applyMenu(
  tx: Tx,
  restaurantId: string,
  posMenu: PosMenu,
  stopList: PosStopEntry[],
): Promise<SyncCounts> {
  const tally = new Tally();
  // A provider must place every product in one of its categories; one that does not is not on the menu.
  const listed = new Set(posMenu.categories.map((c) => c.externalId));
  const posProducts = posMenu.products.filter((p) => listed.has(p.categoryExternalId));

  // Current state, locked in id order like the stop-list cascade does, so the two cannot deadlock.
  const currentCategories = await lockCategoriesOf(tx, restaurantId);
  const currentProducts = await lockProductsOf(
    tx,
    currentCategories.map((c) => c._id),
  );

  const categoryIdByExternal = await applyCategories(tx, restaurantId, posMenu.categories, currentCategories, tally);
  const products = await applyProducts(tx, posProducts, currentProducts, categoryIdByExternal, stopList, tally);
  await applyOptions(tx, posProducts, products.idByExternal, tally);
  await applyStopList(tx, products.toStop, products.toRelease, tally);
  await settleCategories(tx, restaurantId, [...listed], tally);
  return tally.counts();
}
