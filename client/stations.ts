import type { Static } from 'typebox';
import type { CreateStationBody, StationView, UpdateStationBody } from '../server/schemas/kitchen';
import { type CallOptions, request } from './client';

/**
 * A restaurant's kitchen stations ("Oshxona", "Bar", "Mangal") as its manager or an admin sets them up: where each
 * category's dishes are made, shown and printed. The shapes are the server's (server/schemas/kitchen.ts).
 */

export type Station = StationView;
export type StationPrinter = NonNullable<Station['printer']>;
export type StationInput = Static<typeof CreateStationBody>;
/** An update's body: only what changed (`printer: null` removes the printer). */
export type StationChanges = Static<typeof UpdateStationBody>;

const restaurantStations = (restaurantId: string) =>
  `/manager/restaurants/${encodeURIComponent(restaurantId)}/stations`;

/** GET /manager/restaurants/{id}/stations → the stations in their order (the first takes categories without one). */
export async function listStations(restaurantId: string, options: CallOptions = {}): Promise<Station[]> {
  const answer = await request<{ data: Station[] }>(restaurantStations(restaurantId), options);
  return answer.data;
}

/** POST /manager/restaurants/{id}/stations → 201 `{ data }` (a name the restaurant has: 409 with the server's reason). */
export async function createStation(restaurantId: string, input: StationInput, options: CallOptions = {}) {
  const answer = await request<{ data: Station }>(restaurantStations(restaurantId), {
    ...options,
    method: 'POST',
    body: { ...input },
  });
  return answer.data;
}

/** PUT /manager/stations/{id} with only the changed fields → `{ data }`. */
export async function updateStation(id: string, changes: StationChanges, options: CallOptions = {}) {
  const answer = await request<{ data: Station }>(`/manager/stations/${encodeURIComponent(id)}`, {
    ...options,
    method: 'PUT',
    body: { ...changes },
  });
  return answer.data;
}

/** DELETE /manager/stations/{id} (409 while a kitchen device shows it alone, with the server's reason). */
export async function deleteStation(id: string, options: CallOptions = {}): Promise<void> {
  await request(`/manager/stations/${encodeURIComponent(id)}`, { ...options, method: 'DELETE' });
}
