import { and, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { restaurants, users } from '../db/schema';

/**
 * A manager's working restaurant, remembered per user (so the panel opens it at the next login, on any device). Both
 * the read and the write check that the restaurant is the manager's own at that moment: one given to another manager
 * since is neither answered nor accepted.
 */

/** The chosen restaurant while it is still the manager's; null when none was chosen or it is no longer theirs. */
export async function findWorkingRestaurant(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ _id: restaurants._id })
    .from(users)
    .innerJoin(
      restaurants,
      and(eq(restaurants._id, users.working_restaurant_id), eq(restaurants.manager_id, users._id)),
    )
    .where(eq(users._id, userId))
    .limit(1);
  return row?._id ?? null;
}

/** Remembers the choice, in one statement with the ownership check; false when the restaurant is not the manager's. */
export async function chooseWorkingRestaurant(db: Executor, userId: string, restaurantId: string): Promise<boolean> {
  const owned = db
    .select({ one: sql`1` })
    .from(restaurants)
    .where(and(eq(restaurants._id, restaurantId), eq(restaurants.manager_id, userId)));
  const updated = await db
    .update(users)
    .set({ working_restaurant_id: restaurantId })
    .where(and(eq(users._id, userId), exists(owned)))
    .returning({ _id: users._id });
  return updated.length > 0;
}
