import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { Restaurant } from '../../client/types';
import type { SaveInput } from '../dialog/dialog.actors';
import { toUpdateRestaurantChanges } from './updateRestaurant.rules';

export const updateRestaurantActors = {
  /**
   * PUT /manager/restaurants/update?slug= with the changed fields among name, address, phone_number, work_time,
   * ordering_enabled, and the menu's languages and translations.
   */
  update: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    updateRestaurant(input.item?.slug ?? '', toUpdateRestaurantChanges(input.values), { signal }),
  ),
};
