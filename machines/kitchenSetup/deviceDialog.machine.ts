import { dialogWith } from '../dialog/dialog.machine';
import type { DialogItem } from '../dialog/dialog.types';
import { labelledFailures } from '../shared/labelledFailures';
import { deviceDialogActors } from './deviceDialog.actors';
import { deviceFieldLabels } from './deviceForm.rules';
import type { ShownPairing } from './deviceList.machine';

/**
 * "Planshet qo'shish": the generic dialog, create only, with the device call; its answer (the one-time code) is
 * handed to the device list, which shows it. The server's refusal (too many devices, a station of another restaurant)
 * is the form's alert, with the fields' labels.
 */
export const deviceDialogMachine = labelledFailures(
  dialogWith<DialogItem, ShownPairing>(deviceDialogActors),
  deviceFieldLabels,
);
