import type { Tx } from '../../../db/client';
import { releaseRefilledPosCategories, stopEmptiedPosCategories } from '../../../repositories/categories';
import { setProductsAvailability } from '../../../repositories/products';
import type { Tally } from './tally';

/**
 * The stop-list step: the same move and category cascade (spec 4) as the stop-list screen, marked as the POS's doing,
 * so the POS later reactivates only what it stopped itself.
 */
export async function applyStopList(tx: Tx, toStop: string[], toRelease: string[], tally: Tally): Promise<void> {
  // An empty list is answered without a statement.
  const stopped = await setProductsAvailability(tx, toStop, false, { source: 'pos' });
  for (const id of stopped.products) tally.deactivate(id);
  for (const c of stopped.categories) tally.deactivate(c._id);
  const released = await setProductsAvailability(tx, toRelease, true, { source: 'pos' });
  for (const id of released.products) tally.update(id);
  for (const c of released.categories) tally.update(c._id);
}

/**
 * The cascade for what the stop-list move does not see: a new category whose products all arrived stop-listed,
 * and a category the POS had deactivated that has an active product again (its group came back with new products).
 * Only categories of the POS's present groups, and only reactivating what the POS deactivated.
 */
export async function settleCategories(
  tx: Tx,
  restaurantId: string,
  presentExternalIds: string[],
  tally: Tally,
): Promise<void> {
  for (const id of await stopEmptiedPosCategories(tx, restaurantId, presentExternalIds)) tally.deactivate(id);
  for (const id of await releaseRefilledPosCategories(tx, restaurantId, presentExternalIds)) tally.update(id);
}
