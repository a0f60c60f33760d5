import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../server/db/client';
import { categories, products } from '../../server/db/schema';
import { type AvailabilityChange, setProductsAvailability } from '../../server/repositories/products';
import { freshDatabase } from '../support/database';
import { createCategory, createProduct, createRestaurant } from '../support/fixtures';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set; CI's PostgreSQL run sets it):
// PGlite has one connection, so two transactions never overlap there.
let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Resolves once some other backend of this database waits for a row lock (the second move queued behind the first). */
async function someoneWaitsForALock(): Promise<'waiting'> {
  for (;;) {
    const waiting = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`),
    );
    if ((waiting[0]?.n ?? 0) > 0) return 'waiting';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two concurrent stop-list moves on PostgreSQL', () => {
  it('that together empty one category deactivate it (the category rows are locked FOR UPDATE)', async () => {
    const r = await createRestaurant(database.db);
    const c = await createCategory(database.db, r._id);
    const p1 = await createProduct(database.db, c._id);
    const p2 = await createProduct(database.db, c._id);

    // The first move stops p1 and holds its transaction open; the second stops p2 meanwhile. Without the lock, the
    // second sees p1 still available (not committed), the first saw p2 available: neither would empty the category.
    let firstMoved!: () => void;
    const moved = new Promise<void>((resolve) => {
      firstMoved = resolve;
    });
    let commitFirst!: () => void;
    const gate = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      const change = await setProductsAvailability(tx, [p1._id], false);
      firstMoved();
      await gate;
      return change;
    });
    await moved;
    const second = database.db.transaction((tx) => setProductsAvailability(tx, [p2._id], false));

    // With the lock the second move waits for the first to commit; without it, it would finish on its own.
    const before = await Promise.race([second.then(() => 'finished' as const), someoneWaitsForALock()]);
    commitFirst();
    const changes: AvailabilityChange[] = await Promise.all([first, second]);
    expect(before).toBe('waiting');

    expect(changes[0]).toEqual({ products: [p1._id], categories: [] });
    expect(changes[1]).toEqual({ products: [p2._id], categories: [{ _id: c._id, is_active: false }] });
    const [category] = await database.db.select().from(categories).where(eq(categories._id, c._id));
    expect(category?.is_active).toBe(false);
    const stored = await database.db
      .select({ is_active: products.is_active })
      .from(products)
      .where(eq(products.category_id, c._id));
    expect(stored.map((row) => row.is_active)).toEqual([false, false]);
  });
});
