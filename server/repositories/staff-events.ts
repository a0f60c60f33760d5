import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { staffEvents } from '../db/schema';
import type { StaffEvent } from '../schemas/table-orders';

/** The NOTIFY channel a recorded staff event is announced on; its payload is the restaurant id. */
export const STAFF_EVENTS_CHANNEL = 'menyu_staff_events';

/**
 * Records what the staff's live screens must hear about (an order or call created or changed). Call it inside the
 * transaction of the change itself: the event row then exists exactly when the change does (a rolled-back order is never
 * announced), and the NOTIFY is delivered on commit, to every process listening (server/events/ delivers the rows).
 */
export async function recordStaffEvent(tx: Executor, restaurantId: string, event: StaffEvent): Promise<void> {
  await tx.insert(staffEvents).values({ restaurant_id: restaurantId, type: event.type, data: event.data });
  await tx.execute(sql`select pg_notify(${STAFF_EVENTS_CHANNEL}, ${restaurantId})`);
}
