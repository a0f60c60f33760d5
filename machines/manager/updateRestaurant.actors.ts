import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { Restaurant } from '../../client/types';
import type { SaveInput } from '../dialog/dialog.actors';

export const updateRestaurantActors = {
  /** PUT /manager/restaurants/update?slug= with the changed fields among name, address, phone_number, work_time. */
  update: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    updateRestaurant(input.item?.slug ?? '', input.values as Record<string, string>, { signal }),
  ),
};
