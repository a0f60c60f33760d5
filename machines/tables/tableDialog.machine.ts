import { assign } from 'xstate';
import { dialogWith } from '../dialog/dialog.machine';
import { serverMessage, statusOf } from '../shared/errors';
import { tableBulkDialogActors, tableDialogActors } from './tableDialog.actors';

/** A 409 is the name another table of the restaurant has: said at the field, not in a toast. */
const isNameTaken = (error: unknown) => statusOf(error) === 409;

/**
 * The add / rename dialog of a table: the generic create/edit dialog with the table calls. Its scope
 * names the restaurant a new table belongs to. A duplicate name (409, the server's Uzbek message naming the table)
 * is shown under the name field, where the user corrects it; any other refusal as the form's alert and a toast.
 */
export const tableDialogMachine = dialogWith(tableDialogActors, {
  tellsFailure: (_, { error }) => !isNameTaken(error),
}).provide({
  actions: {
    rememberFailure: assign((_, { error }: { error: unknown }) =>
      isNameTaken(error)
        ? { failure: null, errors: { name: serverMessage(error) ?? '' } }
        : { failure: serverMessage(error) },
    ),
  },
});

/**
 * The bulk dialog ("1" to "N"): create only. "Nothing new" (every number taken) is told in the form, not toasted
 * as a failure.
 */
export const tableBulkDialogMachine = dialogWith(tableBulkDialogActors, {
  tellsFailure: (_, { error }) => statusOf(error) !== 409,
});
