import { listTerminalGroups, type TerminalGroup } from '../../client/restaurants';
import type { DialogItem, FormValues, ItemFields } from '../dialog/dialog.types';
import { serverMessage, statusOf, withFieldLabels } from '../shared/errors';
import { restaurantFieldLabels } from './restaurantFieldLabels';

/** The field of both restaurant forms that chooses the POS terminal group ('' in the form: the POS's first). */
export const TERMINAL_GROUP = 'pos_terminal_group_id';

/**
 * What a restaurant form knows of the POS's terminal groups: none asked (a new or a manual restaurant: no field),
 * the POS's list, or that the POS could not be asked (the field stays off; the rest of the form saves).
 */
export type TerminalGroupsOption = { groups: TerminalGroup[] } | { failed: true } | null;

const fieldsOf = (item: DialogItem | null) => item as ItemFields | null;

/** Only an integration (POS) restaurant has terminal groups. */
export const isPosRestaurant = (item: DialogItem | null) => fieldsOf(item)?.type === 'integration';

/**
 * The groups for the edited restaurant. A POS that fails (502/504/503) only leaves the field off, so the failure is
 * answered rather than thrown: throwing would fail the whole form's options. A cancelled call (the dialog closed)
 * is still thrown.
 */
export async function terminalGroupsFor(item: DialogItem | null, signal: AbortSignal): Promise<TerminalGroupsOption> {
  if (!item || !isPosRestaurant(item)) return null;
  try {
    return { groups: await listTerminalGroups(item._id, { signal }) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { failed: true };
  }
}

/** The form's value of an integration restaurant's group ('' for null: the first group); nothing for a manual one. */
export function terminalGroupValue(item: ItemFields): FormValues {
  if (item.type !== 'integration') return {};
  const id = item[TERMINAL_GROUP];
  return { [TERMINAL_GROUP]: typeof id === 'string' ? id : '' };
}

/** The update body's group: the first option ('') is `null`, the POS's first group. */
export function terminalGroupBody(body: Record<string, unknown>): Record<string, unknown> {
  return body[TERMINAL_GROUP] === '' ? { ...body, [TERMINAL_GROUP]: null } : body;
}

/**
 * A refusal of the chosen group (a 400 naming a group the POS does not list, or the field): said under the field.
 * The server's messages: `"<id>" kassa guruhi POS'da topilmadi.`, `"pos_terminal_group_id" maydoni …`.
 */
export function isTerminalGroupRefusal(error: unknown): boolean {
  const message = serverMessage(error);
  return (
    statusOf(error) === 400 && message !== null && (/kassa guruh/i.test(message) || message.includes(TERMINAL_GROUP))
  );
}

/**
 * What both restaurant forms keep of a failed save: the server's reason with the fields' Uzbek labels, under the
 * group select for a refused group, else as the form's alert.
 */
export function restaurantFailure(error: unknown) {
  const message = serverMessage(error);
  const labelled = message === null ? null : withFieldLabels(message, restaurantFieldLabels);
  return isTerminalGroupRefusal(error)
    ? { failure: null, errors: { [TERMINAL_GROUP]: labelled ?? '' } }
    : { failure: labelled };
}

/** The groups as the select's options (the first option, '', is the POS's first group). */
export function terminalGroupOptions(option: TerminalGroupsOption) {
  return option && 'groups' in option ? option.groups.map((group) => ({ value: group.id, label: group.name })) : [];
}
