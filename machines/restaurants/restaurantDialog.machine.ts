import { assign } from 'xstate';
import { dialogWith } from '../dialog/dialog.machine';
import { restaurantDialogActors } from './restaurantDialog.actors';
import { isTerminalGroupRefusal, restaurantFailure } from './terminalGroups.rules';

/**
 * The admin's restaurant create/edit dialog: the generic dialog with the restaurant calls; refusals name the labels.
 * A refused POS terminal group is said under its select (no toast), where another is chosen.
 */
export const restaurantDialogMachine = dialogWith(restaurantDialogActors, {
  tellsFailure: (_, { error }) => !isTerminalGroupRefusal(error),
}).provide({
  actions: {
    rememberFailure: assign((_, { error }: { error: unknown }) => restaurantFailure(error)),
  },
});
