import { fromPromise } from 'xstate';
import { ApiError } from '../../client/client';
import { createKitchenDevice } from '../../client/devices';
import { uzCatalog } from '../../lib/uz-catalog';
import type { SaveInput } from '../dialog/dialog.actors';
import { toDeviceInput } from './deviceForm.rules';
import type { ShownPairing } from './deviceList.machine';

/**
 * "Planshet qo'shish": POST /manager/restaurants/{id}/kitchen-devices (the dialog's scope names the restaurant). The
 * answer, the one-time code, goes on with the name it was given, which the code's modal shows.
 */
export const deviceDialogActors = {
  create: fromPromise<ShownPairing, SaveInput>(async ({ input, signal }) => {
    const restaurantId = input.scope?.restaurantId;
    if (!restaurantId) throw new ApiError(404, uzCatalog.noRestaurantOfManager);
    const body = toDeviceInput(input.values);
    const pairing = await createKitchenDevice(restaurantId, body, { signal });
    return { ...pairing, name: body.name };
  }),
};
