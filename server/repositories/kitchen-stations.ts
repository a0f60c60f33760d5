import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { kitchenDevices, kitchenStations, restaurants } from '../db/schema';
import { ownerColumns } from './categories';

/** SQL for a restaurant's kitchen stations and which station makes each category. */

export type StationRecord = typeof kitchenStations.$inferSelect;
export type StationFields = Pick<
  StationRecord,
  'name' | 'position' | 'printer' | 'print_on' | 'amber_minutes' | 'red_minutes'
>;

/** A restaurant's stations in their order: the first is where a category without a station goes. */
export function listStations(db: Executor, restaurantId: string): Promise<StationRecord[]> {
  return db
    .select()
    .from(kitchenStations)
    .where(eq(kitchenStations.restaurant_id, restaurantId))
    .orderBy(asc(kitchenStations.position), asc(kitchenStations.createdAt), asc(kitchenStations._id));
}

export async function countStations(db: Executor, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(kitchenStations)
    .where(eq(kitchenStations.restaurant_id, restaurantId));
  return row!.count;
}

export async function insertStation(db: Executor, restaurantId: string, fields: StationFields) {
  const [row] = await db
    .insert(kitchenStations)
    .values({ restaurant_id: restaurantId, ...fields })
    .returning();
  return row!;
}

export async function updateStation(db: Executor, stationId: string, fields: Partial<StationFields>) {
  const [row] = await db
    .update(kitchenStations)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(kitchenStations._id, stationId))
    .returning();
  return row;
}

export async function deleteStation(db: Executor, stationId: string): Promise<void> {
  await db.delete(kitchenStations).where(eq(kitchenStations._id, stationId));
}

/** A station with its restaurant's manager (ownership checks), or undefined when unknown. */
export async function findStationWithOwner(db: Executor, stationId: string) {
  const [row] = await db
    .select({ station: kitchenStations, ...ownerColumns })
    .from(kitchenStations)
    .innerJoin(restaurants, eq(restaurants._id, kitchenStations.restaurant_id))
    .where(eq(kitchenStations._id, stationId))
    .limit(1);
  return row;
}

/** The station of this restaurant, or undefined (another restaurant's station is none of its). */
export async function findRestaurantStation(db: Executor, restaurantId: string, stationId: string) {
  const [row] = await db
    .select()
    .from(kitchenStations)
    .where(and(eq(kitchenStations._id, stationId), eq(kitchenStations.restaurant_id, restaurantId)))
    .limit(1);
  return row;
}

/** How many kitchen devices show only this station: such a station cannot be deleted until they go. */
export async function countStationDevices(db: Executor, stationId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(kitchenDevices)
    .where(eq(kitchenDevices.station_id, stationId));
  return row!.count;
}

/** Points the printers at `host` (demo mode: the simulator on this machine) to `port`, where it listens now. */
export async function pointPrintersAt(db: Executor, host: string, port: number): Promise<void> {
  await db
    .update(kitchenStations)
    .set({ printer: sql`jsonb_set(${kitchenStations.printer}, '{port}', to_jsonb(${port}::int))` })
    .where(
      sql`${kitchenStations.printer}->>'host' = ${host} and (${kitchenStations.printer}->>'port')::int <> ${port}`,
    );
}
