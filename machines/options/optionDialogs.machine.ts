import { dialogWith } from '../dialog/dialog.machine';
import { optionDialogActors, rowDialogActors } from './optionDialogs.actors';
import { isServerError } from './options.rules';

/** Spec 8: an option or row save that failed is toasted only for HTTP 500 (the form says why otherwise). */
const guards = { tellsFailure: (_: unknown, params: { error: unknown }) => isServerError(params) };

/** The option modal: the generic dialog with the option calls; its input's scope is `{ productId }`. */
export const optionDialogMachine = dialogWith(optionDialogActors, guards);

/** The row modal: the generic dialog with the row calls. */
export const rowDialogMachine = dialogWith(rowDialogActors, guards);
