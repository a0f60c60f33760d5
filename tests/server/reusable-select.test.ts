import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reusableSelect } from '../../server/db/reusable-select';
import { restaurants } from '../../server/db/schema';
import { createRestaurant } from '../support/fixtures';
import { suiteApp } from '../support/suite-app';

/**
 * A select made once and run many times (server/db/reusable-select.ts): its builder runs at the first call only, each
 * call answers for its own values, on the executor it is given (inside a transaction, that transaction's rows), its
 * rows mapped as drizzle maps them.
 */
describe('reusableSelect', () => {
  const t = suiteApp();
  let builds = 0;
  const restaurantName = reusableSelect<{ id: string }, { name: string; active: boolean }>(
    'test_restaurant_name',
    (db) => {
      builds++;
      return db
        .select({ name: restaurants.name, active: restaurants.is_active })
        .from(restaurants)
        .where(eq(restaurants._id, sql.placeholder('id')));
    },
  );

  it('is built once and answers each call with its own values', async () => {
    const [first, second] = [await createRestaurant(t.db, {}), await createRestaurant(t.db, {})];
    expect(await restaurantName(t.db, { id: first._id })).toEqual([{ name: first.name, active: first.is_active }]);
    expect(await restaurantName(t.db, { id: second._id })).toEqual([{ name: second.name, active: second.is_active }]);
    expect(await restaurantName(t.db, { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs on the transaction it is given: it reads that transaction’s own writes, which roll back with it', async () => {
    const restaurant = await createRestaurant(t.db, {});
    const rolledBack = new Error('rolled back');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(restaurants).set({ name: 'Yangi nom' }).where(eq(restaurants._id, restaurant._id));
        expect(await restaurantName(tx, { id: restaurant._id })).toEqual([{ name: 'Yangi nom', active: true }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await restaurantName(t.db, { id: restaurant._id })).toEqual([{ name: restaurant.name, active: true }]);
    expect(builds).toBe(1);
  });
});
