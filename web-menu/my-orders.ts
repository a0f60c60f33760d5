import { readJson, writeJson } from './storage';

/** How many of this phone's orders at a table are remembered: far more than one meal makes. */
const KEPT = 20;

/**
 * The orders this phone made at this table (localStorage, per restaurant and table), newest last: the bill offers
 * "Faqat mening buyurtmam" for them. Kept apart from the status panel's order, which "Yangi buyurtma" forgets.
 */
export function myOrders(slug: string, tableId: string) {
  const key = `menyu_mine:${slug}:${tableId}`;
  const read = (): string[] => {
    const kept = readJson<unknown>('localStorage', key);
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  };
  return {
    ids: read,
    add(orderId: string) {
      const ids = read().filter((id) => id !== orderId);
      ids.push(orderId);
      writeJson('localStorage', key, ids.slice(-KEPT));
    },
  };
}
