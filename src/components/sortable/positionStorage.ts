import { safeLocalStorage } from '../../../client/safeStorage';

/**
 * The `storePositions` action React provides to reorder machines: spec 3's `categoryOrder_{restaurantId}` /
 * `productOrder_{categoryId}` keys hold the list of ids in display order.
 */
export function storePositions(_: unknown, { key, ids }: { key: string; ids: string[] }): void {
  if (key) safeLocalStorage.setItem(key, JSON.stringify(ids));
}
