import type { Static } from 'typebox';
import type { CreateKitchenDeviceBody, KitchenDevicePairing, KitchenDeviceView } from '../server/schemas/kitchen';
import { type CallOptions, request } from './client';

/**
 * A restaurant's kitchen devices as the panel manages them: tablets paired with a one-time code instead of a manager's
 * password (what a paired tablet itself calls is the kitchen display's client). Shapes from server/schemas/kitchen.ts.
 */

export type KitchenDevice = KitchenDeviceView;
export type KitchenDeviceInput = Static<typeof CreateKitchenDeviceBody>;
/** The new device's six-digit code, shown once, and when it stops working. */
export type DevicePairing = Static<typeof KitchenDevicePairing>['data'];

const restaurantDevices = (restaurantId: string) =>
  `/manager/restaurants/${encodeURIComponent(restaurantId)}/kitchen-devices`;

/** GET /manager/restaurants/{id}/kitchen-devices → newest first, each waiting, paired or expired. */
export async function listKitchenDevices(restaurantId: string, options: CallOptions = {}): Promise<KitchenDevice[]> {
  const answer = await request<{ data: KitchenDevice[] }>(restaurantDevices(restaurantId), options);
  return answer.data;
}

/** POST /manager/restaurants/{id}/kitchen-devices `{ name, station_id }` → 201 `{ data: { _id, code, expires_at } }`. */
export async function createKitchenDevice(
  restaurantId: string,
  input: KitchenDeviceInput,
  options: CallOptions = {},
): Promise<DevicePairing> {
  const answer = await request<{ data: DevicePairing }>(restaurantDevices(restaurantId), {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

/** DELETE /manager/kitchen-devices/{id}: its session ends at once. */
export async function removeKitchenDevice(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/kitchen-devices/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}
