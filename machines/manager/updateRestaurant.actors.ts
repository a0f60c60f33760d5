import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { SaveInput } from '../dialog/dialog.machine';
import { fieldsOf } from '../dialog/dialog.types';

export const updateRestaurantActors = {
  /** PUT /manager/restaurants/update?slug= with the changed fields among name, address, phone_number, work_time. */
  update: fromPromise<unknown, SaveInput>(({ input, signal }) =>
    updateRestaurant(String(fieldsOf(input.item)?.slug ?? ''), input.values as Record<string, string>, { signal }),
  ),
};
