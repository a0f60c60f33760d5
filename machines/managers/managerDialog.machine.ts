import { uz } from '../../lib/uz';
import { dialogWith } from '../dialog/dialog.machine';
import { labelledFailures } from '../shared/labelledFailures';
import { managerDialogActors } from './managerDialog.actors';

/** The admin's manager create/edit dialog; a refusal names the field by its label. */
export const managerDialogMachine = labelledFailures(dialogWith(managerDialogActors), {
  login: uz.login,
  password: uz.password,
  is_active: uz.fieldStatus,
});
