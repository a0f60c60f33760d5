import { and, count, desc, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { kitchenDevices, kitchenStations, restaurants } from '../db/schema';
import type { KitchenDeviceView } from '../schemas/kitchen';
import { ownerColumns } from './categories';

/** SQL for kitchen devices: their pairing codes and sessions are kept only as sha256 hashes. */

export type KitchenDeviceRecord = typeof kitchenDevices.$inferSelect;

/** A device as the panel lists it: no hash ever leaves the database. */
const deviceColumns = {
  _id: kitchenDevices._id,
  restaurant_id: kitchenDevices.restaurant_id,
  name: kitchenDevices.name,
  station_id: kitchenDevices.station_id,
  state: sql<KitchenDeviceView['state']>`case
    when ${kitchenDevices.paired_at} is not null then 'paired'
    when ${kitchenDevices.code_expires_at} > now() then 'waiting'
    else 'expired' end`,
  expires_at: kitchenDevices.code_expires_at,
  paired_at: kitchenDevices.paired_at,
  last_seen_at: kitchenDevices.last_seen_at,
  created_by: kitchenDevices.created_by,
  createdAt: kitchenDevices.createdAt,
};

export function listKitchenDevices(db: Executor, restaurantId: string): Promise<KitchenDeviceView[]> {
  return db
    .select(deviceColumns)
    .from(kitchenDevices)
    .where(eq(kitchenDevices.restaurant_id, restaurantId))
    .orderBy(desc(kitchenDevices.createdAt), desc(kitchenDevices._id));
}

export async function countKitchenDevices(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(kitchenDevices)
    .where(eq(kitchenDevices.restaurant_id, restaurantId));
  return row!.count;
}

/** Codes that ran out unused free their digits: a new code may be the same six digits as an expired one. */
export async function releaseExpiredCodes(db: Executor): Promise<void> {
  await db
    .update(kitchenDevices)
    .set({ code_hash: null })
    .where(and(isNull(kitchenDevices.paired_at), lt(kitchenDevices.code_expires_at, sql`now()`)));
}

/**
 * A device waiting for its tablet, with its code's hash; undefined when another live code has the same digits (the
 * unique index decides: the caller draws again).
 */
export async function insertKitchenDevice(
  db: Executor,
  values: {
    restaurant_id: string;
    station_id: string | null;
    name: string;
    code_hash: string;
    validSeconds: number;
    created_by: string;
  },
) {
  const [row] = await db
    .insert(kitchenDevices)
    .values({
      restaurant_id: values.restaurant_id,
      station_id: values.station_id,
      name: values.name,
      code_hash: values.code_hash,
      code_expires_at: sql`now() + make_interval(secs => ${values.validSeconds})`,
      created_by: values.created_by,
    })
    .onConflictDoNothing({ target: kitchenDevices.code_hash })
    .returning({ _id: kitchenDevices._id, expires_at: kitchenDevices.code_expires_at });
  return row;
}

/**
 * Pairs the device whose live code has this hash, in one statement: the code is spent (its hash cleared) and the
 * session's hash stored, so of two tablets entering the same code one gets it. Undefined for a wrong, used or expired
 * code.
 */
export async function pairKitchenDevice(db: Executor, codeHash: string, tokenHash: string) {
  const [row] = await db
    .update(kitchenDevices)
    .set({
      code_hash: null,
      token_hash: tokenHash,
      paired_at: sql`now()`,
      last_seen_at: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(kitchenDevices.code_hash, codeHash),
        isNull(kitchenDevices.paired_at),
        gt(kitchenDevices.code_expires_at, sql`now()`),
      ),
    )
    .returning({ _id: kitchenDevices._id });
  return row;
}

/**
 * The paired device a session's hash names, with its restaurant and station, marking it seen (at most once a minute,
 * so a display's polling does not write on every call). Undefined when the device was removed.
 */
export function findDeviceBySession(db: Executor, tokenHash: string) {
  return findPairedDevice(db, eq(kitchenDevices.token_hash, tokenHash));
}

/** A paired device by its id (a stream's ticket names it), as findDeviceBySession answers it. */
export function findPairedDeviceById(db: Executor, deviceId: string) {
  return findPairedDevice(db, and(eq(kitchenDevices._id, deviceId), isNotNull(kitchenDevices.token_hash))!);
}

async function findPairedDevice(db: Executor, where: SQL) {
  const [row] = await db
    .select({
      device: {
        _id: kitchenDevices._id,
        name: kitchenDevices.name,
        restaurant_id: kitchenDevices.restaurant_id,
        station_id: kitchenDevices.station_id,
        last_seen_at: kitchenDevices.last_seen_at,
      },
      restaurant: { _id: restaurants._id, name: restaurants.name, is_active: restaurants.is_active },
      station: kitchenStations,
    })
    .from(kitchenDevices)
    .innerJoin(restaurants, eq(restaurants._id, kitchenDevices.restaurant_id))
    .leftJoin(kitchenStations, eq(kitchenStations._id, kitchenDevices.station_id))
    .where(where)
    .limit(1);
  return row;
}

export async function markDeviceSeen(db: Executor, deviceId: string): Promise<void> {
  await db
    .update(kitchenDevices)
    .set({ last_seen_at: sql`now()` })
    .where(
      and(
        eq(kitchenDevices._id, deviceId),
        sql`(${kitchenDevices.last_seen_at} is null or ${kitchenDevices.last_seen_at} < now() - interval '1 minute')`,
      ),
    );
}

/** A device with its restaurant's manager (ownership checks), or undefined when unknown. */
export async function findDeviceWithOwner(db: Executor, deviceId: string) {
  const [row] = await db
    .select({ device: { _id: kitchenDevices._id }, ...ownerColumns })
    .from(kitchenDevices)
    .innerJoin(restaurants, eq(restaurants._id, kitchenDevices.restaurant_id))
    .where(eq(kitchenDevices._id, deviceId))
    .limit(1);
  return row;
}

/** Removes the device: its session ends with this statement (the next call finds no row). */
export async function deleteKitchenDevice(db: Executor, deviceId: string): Promise<void> {
  await db.delete(kitchenDevices).where(eq(kitchenDevices._id, deviceId));
}
