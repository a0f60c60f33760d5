import { uz } from '../../lib/uz';
import { isBlank } from '../dialog/dialog.rules';
import type { DialogConfig, FieldErrors } from '../dialog/dialog.types';

/** Spec section 5: both a source restaurant and a manager must be chosen. */
export const integrationFormConfig: DialogConfig = {
  empty: { id: '', manager_id: '' },
  fromItem: () => ({ id: '', manager_id: '' }),
  validate: (values): FieldErrors =>
    isBlank(values.id) || isBlank(values.manager_id) ? { form: uz.chooseRestaurantAndManager } : {},
  messages: {
    created: uz.restaurantAdded,
    updated: uz.restaurantAdded,
    createFailed: uz.restaurantAddFailed,
    updateFailed: uz.restaurantAddFailed,
  },
};
