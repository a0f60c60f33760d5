import { uz } from '../../lib/uz';
import type { DialogConfig } from '../dialog/dialog.types';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Spec 2.7: the manager's Update Restaurant modal. Four fields, no field-level validation (spec section 5). */
export const updateRestaurantConfig: DialogConfig = {
  empty: { name: '', address: '', phone_number: '', work_time: '' },
  fromItem: (item) => ({
    name: str(item.name),
    address: str(item.address),
    phone_number: str(item.phone_number),
    work_time: str(item.work_time),
  }),
  validate: () => ({}),
  messages: {
    created: uz.restaurantUpdated,
    updated: uz.restaurantUpdated,
    createFailed: uz.restaurantUpdateFailed,
    updateFailed: uz.restaurantUpdateFailed,
  },
};
