import { dialogWith } from '../dialog/dialog.machine';
import { restaurantDialogActors } from './restaurantDialog.actors';

/** The admin's restaurant create/edit dialog: the generic dialog with the restaurant calls. */
export const restaurantDialogMachine = dialogWith(restaurantDialogActors);
