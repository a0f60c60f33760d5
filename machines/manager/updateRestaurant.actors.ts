import { fromPromise } from 'xstate';
import { updateRestaurant } from '../../client/restaurants';
import type { Restaurant } from '../../client/types';
import type { LoadOptionsInput, SaveInput } from '../dialog/dialog.actors';
import { type TerminalGroupsOption, terminalGroupsFor } from '../restaurants/terminalGroups.rules';
import { toUpdateRestaurantChanges } from './updateRestaurant.rules';

/** What the modal's selects offer: an integration restaurant's POS terminal groups. */
export interface UpdateRestaurantOptions {
  terminalGroups: TerminalGroupsOption;
}

export const updateRestaurantActors = {
  /** An integration restaurant's terminal groups (a POS failure answers `{ failed: true }`: the field stays off). */
  loadOptions: fromPromise<unknown, LoadOptionsInput>(
    async ({ input, signal }): Promise<UpdateRestaurantOptions> => ({
      terminalGroups: await terminalGroupsFor(input.item, signal),
    }),
  ),
  /**
   * PUT /manager/restaurants/update?slug= with the changed fields among name, address, phone_number, work_time,
   * ordering_enabled, pos_terminal_group_id, and the menu's languages and translations.
   */
  update: fromPromise<unknown, SaveInput<Restaurant>>(({ input, signal }) =>
    updateRestaurant(input.item?.slug ?? '', toUpdateRestaurantChanges(input.values), { signal }),
  ),
};
