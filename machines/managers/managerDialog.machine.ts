import { dialogWith } from '../dialog/dialog.machine';
import { managerDialogActors } from './managerDialog.actors';

/** The admin's manager create/edit dialog. */
export const managerDialogMachine = dialogWith(managerDialogActors);
