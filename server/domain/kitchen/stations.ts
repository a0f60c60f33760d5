import type { Static } from 'typebox';
import { restaurantForWrite } from '../../access';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../errors';
import { messages } from '../../messages';
import {
  countStationDevices,
  countStations,
  findStationWithOwner,
  insertStation,
  updateStation as patchStation,
  deleteStation as removeStation,
  type StationFields,
  listStations as selectStations,
} from '../../repositories/kitchen-stations';
import { type CreateStationBody, STATIONS_MAX, type UpdateStationBody } from '../../schemas/kitchen';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * A restaurant's kitchen stations as its manager (or an admin) sets them up. Ownership is checked inside each
 * transaction: another restaurant's station is a 404. A station's name is unique in the restaurant whatever the case.
 * Every write announces a menu change: the station each dish goes to (its category's, else the restaurant's first) is
 * remembered with the dishes orders name (domain/orders/ordering-reads.ts).
 */

export async function stationForWrite(db: Executor, viewer: Viewer, stationId: string) {
  const found = await findStationWithOwner(db, stationId);
  if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.stationNotFound);
  return found;
}

function rethrowNameTaken(name: string) {
  return (error: unknown): never => {
    throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(messages.stationNameTaken(name)) : error;
  };
}

function checkThresholds(amber: number, red: number) {
  if (red <= amber) throw badRequest(messages.stationThresholdsReversed);
}

export function listStations(deps: DomainDeps, viewer: Viewer, restaurantId: string) {
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurantId);
    return selectStations(w.tx, restaurantId);
  });
}

/** A new station goes after the others unless a position is given; without a printer unless one is given. */
export function createStation(
  deps: DomainDeps,
  viewer: Viewer,
  restaurantId: string,
  body: Static<typeof CreateStationBody>,
) {
  const name = body.name.trim();
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurantId);
    const count = await countStations(w.tx, restaurantId);
    if (count >= STATIONS_MAX) throw badRequest(messages.tooManyStations(STATIONS_MAX));
    const fields: StationFields = {
      name,
      position: body.position ?? count,
      printer: body.printer ?? null,
      print_on: body.print_on ?? 'placed',
      amber_minutes: body.amber_minutes ?? 10,
      red_minutes: body.red_minutes ?? 20,
    };
    checkThresholds(fields.amber_minutes, fields.red_minutes);
    const station = await insertStation(w.tx, restaurantId, fields).catch(rethrowNameTaken(name));
    w.menuChanged(restaurantId);
    return station;
  });
}

/** Only the fields sent change; the thresholds are checked as they will be saved. */
export function updateStation(
  deps: DomainDeps,
  viewer: Viewer,
  stationId: string,
  body: Static<typeof UpdateStationBody>,
) {
  const name = body.name?.trim();
  return deps.work(async (w) => {
    const { station } = await stationForWrite(w.tx, viewer, stationId);
    checkThresholds(body.amber_minutes ?? station.amber_minutes, body.red_minutes ?? station.red_minutes);
    const updated = await patchStation(w.tx, station._id, { ...body, name }).catch(rethrowNameTaken(name ?? ''));
    if (!updated) throw notFound(messages.stationNotFound);
    w.menuChanged(station.restaurant_id);
    return updated;
  });
}

/**
 * Deletes a station: its categories go to the restaurant's first station (their station_id is set null), its tickets
 * not yet printed are dropped. A station a kitchen device shows alone is kept (409) until the device is removed: the
 * tablet on the wall would otherwise start showing every station's dishes.
 */
export function deleteStation(deps: DomainDeps, viewer: Viewer, stationId: string) {
  return deps.work(async (w) => {
    const { station } = await stationForWrite(w.tx, viewer, stationId);
    const devices = await countStationDevices(w.tx, station._id);
    if (devices > 0) throw conflict(messages.stationHasDevices(devices));
    await removeStation(w.tx, station._id);
    w.menuChanged(station.restaurant_id);
  });
}
