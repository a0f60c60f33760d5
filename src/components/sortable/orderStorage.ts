import { safeLocalStorage } from '../../../client/safeStorage';

/**
 * The `storeOrder` action React provides to ordering machines: spec 3's `categoryOrder_{restaurantId}` /
 * `productOrder_{categoryId}` keys hold the list of ids in display order.
 */
export function storeOrder(_: unknown, { key, ids }: { key: string; ids: string[] }): void {
  if (key) safeLocalStorage.setItem(key, JSON.stringify(ids));
}

/** The stored order of a key (tests and the e2e journey read it back). */
export function readStoredOrder(key: string): string[] | null {
  const raw = safeLocalStorage.getItem(key);
  if (!raw) return null;
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : null;
  } catch {
    return null;
  }
}
