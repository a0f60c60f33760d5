import type { Static } from 'typebox';
import { optionForWrite, productForWrite } from '../../access';
import { badRequest, notFound } from '../../errors';
import {
  createOption as insertOption,
  optionView,
  updateOption as patchOption,
  deleteOption as removeOption,
  rowsOfOption,
} from '../../repositories/options';
import { newTranslations } from '../../repositories/translations';
import type { ChoiceCounts, CreateOptionBody, UpdateOptionBody } from '../../schemas/options';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import { type ChoiceChanges, NEW_OPTION_CHOICES, resolveChoices } from './option-choices';

/**
 * A product's options as its staff change them. Each use case checks ownership inside its transaction (a manager
 * reaches only their restaurants' products, an admin every one; anything else is a 404) and marks the restaurant's
 * menu changed, which the unit of work announces once the commit succeeded.
 */

/** The choice counts a write leaves, or the 400 naming why the body contradicts itself or the stored counts. */
function choicesOrBadRequest(stored: ChoiceCounts, changes: ChoiceChanges): ChoiceCounts {
  const counts = resolveChoices(stored, changes);
  if ('error' in counts) throw badRequest(counts.error);
  return counts;
}

/** A new option has no rows yet; its counts start from NEW_OPTION_CHOICES, changed by what the body sends. */
export function createOption(deps: DomainDeps, viewer: Viewer, body: Static<typeof CreateOptionBody>) {
  const { product_id, name, translations, ...changes } = body;
  return deps.work(async (w) => {
    const { restaurant_id } = await productForWrite(w.tx, viewer, product_id);
    const counts = choicesOrBadRequest(NEW_OPTION_CHOICES, changes);
    const option = await insertOption(w.tx, {
      product_id,
      name: name.trim(),
      ...counts,
      translations: newTranslations(translations),
    });
    w.menuChanged(restaurant_id);
    return optionView(option);
  });
}

/** Only the fields sent change (the counts not sent stay); answers the option with its rows. */
export function updateOption(
  deps: DomainDeps,
  viewer: Viewer,
  optionId: string,
  body: Static<typeof UpdateOptionBody>,
) {
  const { name, translations, ...changes } = body;
  return deps.work(async (w) => {
    const { option, restaurant_id } = await optionForWrite(w.tx, viewer, optionId);
    const counts = choicesOrBadRequest(option, changes);
    // A field not sent stays undefined, and the update leaves undefined columns as they are.
    const renamed = await patchOption(w.tx, option._id, { name: name?.trim(), ...counts, translations });
    if (!renamed) throw notFound();
    w.menuChanged(restaurant_id);
    return optionView(renamed, await rowsOfOption(w.tx, renamed._id));
  });
}

/** Deletes the option with its rows (they have no files to remove). */
export function deleteOption(deps: DomainDeps, viewer: Viewer, optionId: string) {
  return deps.work(async (w) => {
    const { option, restaurant_id } = await optionForWrite(w.tx, viewer, optionId);
    await removeOption(w.tx, option._id);
    w.menuChanged(restaurant_id);
  });
}
