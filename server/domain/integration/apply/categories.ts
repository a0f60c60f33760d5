import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import type { PosCategory } from '../../../integrations/provider';
import {
  type CategoryRecord,
  insertCategories,
  type NewCategory,
  stopCategoriesFromPos,
  updateCategory,
} from '../../../repositories/categories';
import type { Tally } from './tally';

/**
 * The categories step: POS groups by external id. A known group's category takes the POS's name; a new group becomes a
 * category at the end of the restaurant's order; a group that left the menu makes its category inactive (unless a
 * manager had already deactivated it). Answers which category each POS group now is.
 */
export async function applyCategories(
  tx: Tx,
  restaurantId: string,
  posCategories: PosCategory[],
  current: CategoryRecord[],
  tally: Tally,
): Promise<Map<string, string>> {
  const byExternal = new Map(current.filter((c) => c.external_id !== null).map((c) => [c.external_id!, c]));
  let nextPosition = Math.max(-1, ...current.map((c) => c.position)) + 1;
  const created: NewCategory[] = [];
  const idByExternal = new Map<string, string>();
  for (const posCategory of posCategories) {
    const existing = byExternal.get(posCategory.externalId);
    if (existing) {
      idByExternal.set(posCategory.externalId, existing._id);
      if (existing.title !== posCategory.name) {
        await updateCategory(tx, existing._id, { title: posCategory.name });
        tally.update(existing._id);
      }
      continue;
    }
    const _id = randomUUID();
    idByExternal.set(posCategory.externalId, _id);
    created.push({
      _id,
      title: posCategory.name,
      restaurant_id: restaurantId,
      position: nextPosition++,
      external_id: posCategory.externalId,
    });
    tally.create(_id);
  }
  await insertCategories(tx, created);

  const present = new Set(posCategories.map((c) => c.externalId));
  const gone = current.filter((c) => c.external_id !== null && !present.has(c.external_id) && c.is_active);
  await stopCategoriesFromPos(
    tx,
    gone.map((c) => c._id),
  );
  for (const c of gone) tally.deactivate(c._id);
  return idByExternal;
}
