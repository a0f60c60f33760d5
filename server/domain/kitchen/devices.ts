import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Static } from 'typebox';
import { restaurantForWrite } from '../../access';
import { badRequest, HttpError, notFound, unauthorized } from '../../errors';
import { messages } from '../../messages';
import {
  countKitchenDevices,
  deleteKitchenDevice,
  findDeviceBySession,
  findDeviceWithOwner,
  findPairedDeviceById,
  insertKitchenDevice,
  listKitchenDevices,
  markDeviceSeen,
  pairKitchenDevice,
  releaseExpiredCodes,
} from '../../repositories/kitchen-devices';
import { findRestaurantStation, type StationRecord } from '../../repositories/kitchen-stations';
import { type CreateKitchenDeviceBody, KITCHEN_DEVICES_MAX } from '../../schemas/kitchen';
import { ownsRestaurant, type Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';
import { FailedAttempts } from '../failed-attempts';
import type { SharedLimits } from '../shared-limits';

/**
 * Kitchen devices: a tablet on the kitchen's wall is not a manager. The manager creates a device in the panel and
 * gets a 6-digit code good for PAIRING_CODE_SECONDS and one pairing; the tablet trades it at POST /kitchen/pair for a
 * session token bound to the restaurant and the station (or all). Both are stored only as sha256 hashes: the
 * database never holds a usable code or session. Removing the device ends its session at once.
 */

export const PAIRING_CODE_SECONDS = 10 * 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A device session's prefix: told apart from a panel session (a JWT) at a glance in a support chat. */
const SESSION_PREFIX = 'kd_';

/** The device as a paired tablet's calls see it (server/plugins/kitchen-auth.ts puts it on the request). */
export interface KitchenDeviceSession {
  _id: string;
  name: string;
  restaurant: { _id: string; name: string };
  /** The one station it shows; null: every station. */
  station: StationRecord | null;
}

export function listDevices(deps: DomainDeps, viewer: Viewer, restaurantId: string) {
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurantId);
    return listKitchenDevices(w.tx, restaurantId);
  });
}

/** A new device waiting for its tablet: the code is answered once, here, and never again. */
export function createDevice(
  deps: DomainDeps,
  viewer: Viewer,
  restaurantId: string,
  body: Static<typeof CreateKitchenDeviceBody>,
) {
  return deps.work(async (w) => {
    await restaurantForWrite(w.tx, viewer, restaurantId);
    if (body.station_id && !(await findRestaurantStation(w.tx, restaurantId, body.station_id))) {
      throw badRequest(messages.stationNotOfRestaurant);
    }
    if ((await countKitchenDevices(w.tx, restaurantId)) >= KITCHEN_DEVICES_MAX) {
      throw badRequest(messages.tooManyDevices(KITCHEN_DEVICES_MAX));
    }
    await releaseExpiredCodes(w.tx);
    // Six digits among the few live codes: a clash is rare, and the unique index tells; draw again then.
    for (;;) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const created = await insertKitchenDevice(w.tx, {
        restaurant_id: restaurantId,
        station_id: body.station_id,
        name: body.name.trim(),
        code_hash: sha256(code),
        validSeconds: PAIRING_CODE_SECONDS,
        created_by: viewer.login,
      });
      if (created) return { _id: created._id, code, expires_at: created.expires_at };
    }
  });
}

export function removeDevice(deps: DomainDeps, viewer: Viewer, deviceId: string) {
  return deps.work(async (w) => {
    const found = await findDeviceWithOwner(w.tx, deviceId);
    if (!found || !ownsRestaurant(viewer, found)) throw notFound(messages.deviceNotFound);
    await deleteKitchenDevice(w.tx, found.device._id);
  });
}

export interface PairingLimits {
  /** Wrong codes per address within the window. */
  perAddress: number;
  /** Wrong codes from everywhere within the window: six digits must not be walked by many addresses at once. */
  overall: number;
  windowMs: number;
}
export const PAIRING_LIMITS: PairingLimits = { perAddress: 10, overall: 300, windowMs: 15 * 60_000 };

/**
 * Trades pairing codes for device sessions. Wrong codes are counted per address and overall (across processes) and
 * past either limit every attempt is a 429 until the window ends; a right code is single-use (pairKitchenDevice).
 */
export class KitchenPairing {
  private readonly perAddress: FailedAttempts;
  private readonly overall: FailedAttempts;

  constructor(
    private readonly deps: DomainDeps,
    limits: PairingLimits = PAIRING_LIMITS,
    shared?: SharedLimits,
  ) {
    this.perAddress = new FailedAttempts({ max: limits.perAddress, windowMs: limits.windowMs });
    this.overall = new FailedAttempts({ max: limits.overall, windowMs: limits.windowMs });
    shared?.add('pairing-address', this.perAddress);
    shared?.add('pairing-all', this.overall);
  }

  async pair(code: string, address: string): Promise<{ token: string }> {
    const wait = Math.max(this.perAddress.retryAfter(address), this.overall.retryAfter('all'));
    if (wait > 0) throw new HttpError(429, messages.tooManyPairAttempts(wait));
    this.perAddress.begin(address);
    this.overall.begin('all');
    const token = SESSION_PREFIX + randomBytes(32).toString('base64url');
    const paired = await pairKitchenDevice(this.deps.db, sha256(code), sha256(token));
    if (!paired) throw badRequest(messages.pairCodeInvalid);
    this.perAddress.succeeded(address);
    this.overall.succeeded('all');
    return { token };
  }
}

/** The device a session token names, or a 401 (a removed device, a token never issued). */
export async function deviceOfSession(deps: DomainDeps, token: string): Promise<KitchenDeviceSession> {
  if (!token.startsWith(SESSION_PREFIX)) throw unauthorized(messages.kitchenSessionInvalid);
  return sessionOf(deps, await findDeviceBySession(deps.db, sha256(token)));
}

/** The paired device a stream's ticket names, or a 401 when it was removed since. */
export async function deviceById(deps: DomainDeps, deviceId: string): Promise<KitchenDeviceSession> {
  return sessionOf(deps, await findPairedDeviceById(deps.db, deviceId));
}

async function sessionOf(
  deps: DomainDeps,
  found: Awaited<ReturnType<typeof findDeviceBySession>>,
): Promise<KitchenDeviceSession> {
  if (!found) throw unauthorized(messages.kitchenSessionInvalid);
  // Seen to the minute: a display calling every few seconds writes once a minute, not on every call.
  const seen = found.device.last_seen_at ? Date.parse(found.device.last_seen_at) : 0;
  if (Date.now() - seen > 60_000) await markDeviceSeen(deps.db, found.device._id);
  return {
    _id: found.device._id,
    name: found.device.name,
    restaurant: { _id: found.restaurant._id, name: found.restaurant.name },
    station: found.station,
  };
}
