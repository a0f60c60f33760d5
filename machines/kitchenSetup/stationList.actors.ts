import { fromPromise } from 'xstate';
import { deleteStation, listStations, type Station } from '../../client/stations';

/** GET /manager/restaurants/{id}/stations: the restaurant's stations in their order. */
export const loadStationsActor = fromPromise<Station[], { restaurantId: string }>(({ input, signal }) =>
  listStations(input.restaurantId, { signal }),
);

/** DELETE /manager/stations/{id}: the call of the list's confirm-delete cycle. */
export const deleteStationActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  deleteStation(input.id, { signal }),
);
