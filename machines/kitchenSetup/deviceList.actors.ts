import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { type KitchenDevice, listKitchenDevices, removeKitchenDevice } from '../../client/devices';
import { listStations, type Station } from '../../client/stations';

export interface LoadedDevices {
  devices: KitchenDevice[];
  /** The restaurant's stations: each device names the one it shows, and a new one chooses among them. */
  stations: Station[];
}

/** GET …/kitchen-devices and GET …/stations of the restaurant, asked at once; either failing is the load's failure. */
export const loadDevicesActor = fromPromise<LoadedDevices, { restaurantId: string }>(async ({ input, signal }) => {
  const [devices, stations] = await Promise.all([
    listKitchenDevices(input.restaurantId, { signal }),
    listStations(input.restaurantId, { signal }),
  ]);
  return { devices, stations };
});

/** DELETE /manager/kitchen-devices/{id}: the call of the list's confirm-delete cycle. */
export const removeDeviceActor = fromPromise<unknown, { id: string }>(({ input, signal }) =>
  removeKitchenDevice(input.id, { signal }),
);

/** The pairing code's countdown: `code.tick` with the time now, at once and then every `everyMs`. */
export const codeClockActor = fromCallback<EventObject, { everyMs: number }>(({ input, sendBack }) => {
  const tick = () => sendBack({ type: 'code.tick', now: Date.now() });
  tick();
  const timer = setInterval(tick, input.everyMs);
  return () => clearInterval(timer);
});
