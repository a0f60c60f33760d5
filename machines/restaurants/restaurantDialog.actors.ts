import { fromPromise } from 'xstate';
import { listManagers } from '../../client/managers';
import { createRestaurant, updateRestaurant } from '../../client/restaurants';
import type { Manager, Restaurant } from '../../client/types';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';
import { toRestaurantChanges, toRestaurantInput } from './restaurantForm.rules';

export interface RestaurantDialogOptions {
  managers: Manager[];
}

/** Outputs are `unknown` to the generic dialog: only the screen that reads them knows their shape. */
export const restaurantDialogActors = {
  /** The manager select lists every manager. */
  loadOptions: fromPromise<unknown, LoadOptionsInput>(
    async ({ signal }): Promise<RestaurantDialogOptions> => ({ managers: await listManagers({ signal }) }),
  ),
  create: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    createRestaurant(toRestaurantInput(input.values), { signal }),
  ),
  update: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    updateRestaurant(input.item?.slug ?? '', toRestaurantChanges(input.values), { signal }),
  ),
};
