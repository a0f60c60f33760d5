import type { Static } from 'typebox';
import { optionForWrite, rowForWrite } from '../../access';
import { notFound } from '../../errors';
import {
  createRow as insertRow,
  updateRow as patchRow,
  deleteRow as removeRow,
  rowView,
} from '../../repositories/options';
import { newTranslations } from '../../repositories/translations';
import type { CreateRowBody, UpdateRowBody } from '../../schemas/options';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * An option's rows (a name and an extra price) as its staff change them. Each use case checks ownership inside its
 * transaction (anything the viewer does not own is a 404) and marks the restaurant's menu changed, which the unit of
 * work announces once the commit succeeded.
 */

/** A new row goes last under its option; a price not sent is 0. */
export function createRow(deps: DomainDeps, viewer: Viewer, body: Static<typeof CreateRowBody>) {
  const { product_option_id, name, price, translations } = body;
  return deps.work(async (w) => {
    const { restaurant_id } = await optionForWrite(w.tx, viewer, product_option_id);
    const row = await insertRow(w.tx, {
      product_option_id,
      name: name.trim(),
      price: price ?? 0,
      translations: newTranslations(translations),
    });
    w.menuChanged(restaurant_id);
    return rowView(row);
  });
}

/** Only the fields sent change; the others stay undefined, which the update leaves as they are. */
export function updateRow(deps: DomainDeps, viewer: Viewer, rowId: string, body: Static<typeof UpdateRowBody>) {
  const { name, price, translations } = body;
  return deps.work(async (w) => {
    const { row, restaurant_id } = await rowForWrite(w.tx, viewer, rowId);
    const updated = await patchRow(w.tx, row._id, { name: name?.trim(), price, translations });
    if (!updated) throw notFound();
    w.menuChanged(restaurant_id);
    return rowView(updated);
  });
}

/** A row has no files to remove: only the menu changes. */
export function deleteRow(deps: DomainDeps, viewer: Viewer, rowId: string) {
  return deps.work(async (w) => {
    const { row, restaurant_id } = await rowForWrite(w.tx, viewer, rowId);
    await removeRow(w.tx, row._id);
    w.menuChanged(restaurant_id);
  });
}
