import type { Db } from '../server/db/client';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/passwords';
import { type OrdersReady, seedOrderingBench } from './orders';

/**
 * The Friday evening's chain (bench/friday.ts): one manager owning ten restaurants that take orders, each with the
 * ordering bench's menu (bench/orders.ts: 200 products, every fourth with a size option) and 30 tables.
 */

export const FRIDAY_RESTAURANTS = 10;
export const FRIDAY_TABLES = 30;
export const FRIDAY_MANAGER = { login: 'friday-manager', password: 'friday-manager-password' } as const;

/** One restaurant of the chain: what its diners' QR codes carry and what they order. */
export type FridayRestaurant = Omit<OrdersReady, 'baseUrl'> & { restaurantId: string };

export async function seedFriday(
  db: Db,
  shape: { restaurants?: number; tables?: number } = {},
): Promise<FridayRestaurant[]> {
  const [manager] = await db
    .insert(users)
    .values({
      login: FRIDAY_MANAGER.login,
      password_hash: await hashPassword(FRIDAY_MANAGER.password),
      role: 'manager',
    })
    .returning({ _id: users._id });
  const chain: FridayRestaurant[] = [];
  for (let i = 0; i < (shape.restaurants ?? FRIDAY_RESTAURANTS); i++) {
    chain.push(
      await seedOrderingBench(db, undefined, {
        slug: `friday-${i + 1}`,
        tables: shape.tables ?? FRIDAY_TABLES,
        managerId: manager!._id,
      }),
    );
  }
  return chain;
}
