import { dialogWith } from '../dialog/dialog.machine';
import { labelledFailures } from '../shared/labelledFailures';
import { restaurantDialogActors } from './restaurantDialog.actors';
import { restaurantFieldLabels } from './restaurantFieldLabels';

/** The admin's restaurant create/edit dialog: the generic dialog with the restaurant calls; refusals name the labels. */
export const restaurantDialogMachine = labelledFailures(dialogWith(restaurantDialogActors), restaurantFieldLabels);
