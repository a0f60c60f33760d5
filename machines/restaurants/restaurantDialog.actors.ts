import { fromPromise } from 'xstate';
import { listManagers } from '../../client/managers';
import { createRestaurant, updateRestaurant } from '../../client/restaurants';
import type { Manager, Restaurant } from '../../client/types';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';
import { toRestaurantChanges, toRestaurantInput } from './restaurantForm.rules';
import { type TerminalGroupsOption, terminalGroupsFor } from './terminalGroups.rules';

export interface RestaurantDialogOptions {
  managers: Manager[];
  /** An edited integration restaurant's POS terminal groups (terminalGroups.rules). */
  terminalGroups: TerminalGroupsOption;
}

/** Outputs are `unknown` to the generic dialog: only the screen that reads them knows their shape. */
export const restaurantDialogActors = {
  /**
   * The manager select lists every manager; an edited integration restaurant's group select, the POS's terminal
   * groups (a POS failure only leaves that field off).
   */
  loadOptions: fromPromise<unknown, LoadOptionsInput>(async ({ input, signal }): Promise<RestaurantDialogOptions> => {
    const [managers, terminalGroups] = await Promise.all([
      listManagers({ signal }),
      terminalGroupsFor(input.item, signal),
    ]);
    return { managers, terminalGroups };
  }),
  create: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    createRestaurant(toRestaurantInput(input.values), { signal }),
  ),
  update: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    updateRestaurant(input.item?.slug ?? '', toRestaurantChanges(input.values), { signal }),
  ),
};
