import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import type { PosOption, PosProduct } from '../../../integrations/provider';
import {
  deleteOptions,
  deleteRows,
  insertOptions,
  insertRows,
  type NewOption,
  type NewRow,
  posOptionsOf,
  posRowsOf,
  type RowRecord,
  updatePosOption,
  updateRow,
} from '../../../repositories/options';
import type { Tally } from './tally';

/**
 * The options-and-rows step, for every product the POS lists. Options and rows carry no active flag and belong to the
 * POS (their names, prices and choice counts follow it): one it no longer lists is deleted (counted as deactivated). Options a manager added by hand (no external id)
 * are left alone.
 */
export async function applyOptions(
  tx: Tx,
  posProducts: PosProduct[],
  productIdByExternal: Map<string, string>,
  tally: Tally,
): Promise<void> {
  const currentOptions = await posOptionsOf(tx, [...productIdByExternal.values()]);
  const currentRows = await posRowsOf(
    tx,
    currentOptions.map((o) => o._id),
  );
  const optionsByProduct = groupBy(currentOptions, (o) => o.product_id);
  const rowsByOption = groupBy(currentRows, (r) => r.product_option_id);

  const newOptions: NewOption[] = [];
  const newRows: NewRow[] = [];
  const deleteOptionIds: string[] = [];
  const deleteRowIds: string[] = [];

  const syncRows = async (optionId: string, posOption: PosOption, existingRows: RowRecord[]) => {
    const byExternal = new Map(existingRows.map((r) => [r.external_id!, r]));
    for (const posRow of posOption.rows) {
      const existing = byExternal.get(posRow.externalId);
      if (!existing) {
        const _id = randomUUID();
        newRows.push({
          _id,
          product_option_id: optionId,
          name: posRow.name,
          price: posRow.price,
          external_id: posRow.externalId,
        });
        tally.create(_id);
        continue;
      }
      byExternal.delete(posRow.externalId);
      if (existing.name !== posRow.name || existing.price !== posRow.price) {
        await updateRow(tx, existing._id, { name: posRow.name, price: posRow.price });
        tally.update(existing._id);
      }
    }
    for (const gone of byExternal.values()) deleteRowIds.push(gone._id);
  };

  for (const posProduct of posProducts) {
    const productId = productIdByExternal.get(posProduct.externalId)!;
    const existingOptions = new Map((optionsByProduct.get(productId) ?? []).map((o) => [o.external_id!, o]));
    for (const posOption of posProduct.options) {
      const existing = existingOptions.get(posOption.externalId);
      if (!existing) {
        const _id = randomUUID();
        newOptions.push({
          _id,
          product_id: productId,
          name: posOption.name,
          min_choices: posOption.minChoices,
          max_choices: posOption.maxChoices,
          external_id: posOption.externalId,
        });
        tally.create(_id);
        await syncRows(_id, posOption, []);
        continue;
      }
      existingOptions.delete(posOption.externalId);
      const counts = { min_choices: posOption.minChoices, max_choices: posOption.maxChoices };
      if (
        existing.name !== posOption.name ||
        existing.min_choices !== counts.min_choices ||
        existing.max_choices !== counts.max_choices
      ) {
        await updatePosOption(tx, existing._id, { name: posOption.name, ...counts });
        tally.update(existing._id);
      }
      await syncRows(existing._id, posOption, rowsByOption.get(existing._id) ?? []);
    }
    for (const gone of existingOptions.values()) deleteOptionIds.push(gone._id);
  }

  await insertOptions(tx, newOptions);
  await insertRows(tx, newRows);
  await deleteRows(tx, deleteRowIds);
  await deleteOptions(tx, deleteOptionIds);
  for (const id of [...deleteRowIds, ...deleteOptionIds]) tally.deactivate(id);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
