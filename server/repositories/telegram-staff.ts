import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { restaurants } from '../db/schema';

/** SQL of the Telegram users a restaurant links to its staff (restaurants.telegram_staff). */

export async function saveTelegramStaff(db: Executor, restaurantId: string, staff: string[]): Promise<string[]> {
  const [row] = await db
    .update(restaurants)
    .set({ telegram_staff: staff })
    .where(eq(restaurants._id, restaurantId))
    .returning({ telegram_staff: restaurants.telegram_staff });
  return row?.telegram_staff ?? staff;
}
