import type { KitchenDeviceInput } from '../../client/devices';
import { uzKitchen } from '../../lib/uz-kitchen';
import type { DialogConfig, FieldErrors, FormValues } from '../dialog/dialog.types';

/** "Planshet qo'shish": the tablet's name and the station it shows ('' in the form: every station). */

export const DEVICE_NAME_MAX = 40;

export function validateDevice(values: FormValues): FieldErrors {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) return { name: uzKitchen.deviceNameRequired };
  return name.length > DEVICE_NAME_MAX ? { name: uzKitchen.deviceNameTooLong } : {};
}

export const deviceFormConfig: DialogConfig = {
  empty: { name: '', station_id: '' },
  // A device is never edited: removed and added again.
  fromItem: () => ({ name: '', station_id: '' }),
  validate: (values) => validateDevice(values),
  messages: {
    created: uzKitchen.deviceCreated,
    updated: uzKitchen.deviceCreated,
    createFailed: uzKitchen.deviceCreateFailed,
    updateFailed: uzKitchen.deviceCreateFailed,
  },
};

export function toDeviceInput(values: FormValues): KitchenDeviceInput {
  const station = typeof values.station_id === 'string' ? values.station_id : '';
  return { name: String(values.name ?? '').trim(), station_id: station === '' ? null : station };
}

/** The form's fields as the server's messages name them. */
export const deviceFieldLabels = {
  name: uzKitchen.fieldDeviceName,
  station_id: uzKitchen.fieldDeviceStation,
} as const;
