import { dialogWith } from '../dialog/dialog.machine';
import { integrationDialogActors } from './integrationDialog.actors';

/** Creating a restaurant from the integration source: the generic dialog, create mode only. */
export const integrationDialogMachine = dialogWith(integrationDialogActors);
