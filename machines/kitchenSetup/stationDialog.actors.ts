import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { createStation, type Station, updateStation } from '../../client/stations';
import { uzCatalog } from '../../lib/uz-catalog';
import type { SaveInput } from '../dialog/dialog.actors';
import { toStationChanges, toStationInput } from './stationForm.rules';

/** The restaurant a new station belongs to: the dialog's scope, given by the section that opens it. */
function restaurantOf(input: SaveInput): string {
  const restaurantId = input.scope?.restaurantId;
  if (!restaurantId) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
  return restaurantId;
}

/** The station form's calls: POST /manager/restaurants/{id}/stations, PUT /manager/stations/{id} (what changed). */
export const stationDialogActors = {
  create: fromPromise<Station, SaveInput<Station>>(({ input, signal }) =>
    createStation(restaurantOf(input), toStationInput(input.values), { signal }),
  ),
  update: fromPromise<Station, SaveInput<Station>>(({ input, signal }) => {
    if (!input.item) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
    return updateStation(input.item._id, toStationChanges(input.values, input.item), { signal });
  }),
};
