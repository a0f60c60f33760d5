import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../server/db/client';
import { insightHours, insightRollups } from '../../server/db/schema';
import { addCounts, summarizeInsights } from '../../server/repositories/insights';
import { freshDatabase } from '../support/database';
import { createRestaurant } from '../support/fixtures';

// PostgreSQL only (vitest.config.ts includes this file when DATABASE_URL is set): PGlite has one connection, so a
// summarizing round and a batch of menu counts never overlap there.
let database: Database;

beforeAll(async () => {
  database = await freshDatabase();
  const rolled_until = '2026-11-02T00:00:00.000Z';
  await database.db
    .insert(insightRollups)
    .values({ id: 1, rolled_until })
    .onConflictDoUpdate({ target: insightRollups.id, set: { rolled_until } });
});
afterAll(async () => {
  await database.close();
});

/** Resolves once some other backend of this database waits for a row lock. */
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

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * A restaurant with menu opens every hour of September and October (Tashkent's days), its summaries started by a
 * round of their own (a round sums a restaurant from the round after the one that starts it).
 */
async function restaurantWithOpens() {
  const r = await createRestaurant(database.db, { time_zone: 'Asia/Tashkent' });
  await database.db.execute(sql`
    insert into ${insightHours} (restaurant_id, hour, kind, subject, count)
    select ${r._id}, h, 'open', 'uz', 2
    from generate_series('2026-08-31T19:00:00Z'::timestamptz, '2026-10-31T18:00:00Z', interval '1 hour') h`);
  expect(await summarizeInsights(database.db, { maxDays: 0, maxRestaurants: 0 })).toBe(1);
  return r;
}

/** Menu opens as the hours, the days and the months keep them (the months: September and October whole). */
async function opensKept(restaurantId: string) {
  const [row] = rowsOf<{ hours: number; days: number; months: number; by_day: number }>(
    await database.db.execute(sql`
      select
        (select sum(count) from insight_hours where restaurant_id = ${restaurantId} and kind = 'open')::int as hours,
        (select sum(count) from insight_days where restaurant_id = ${restaurantId} and kind = 'open')::int as days,
        (select sum(count) from insight_months where restaurant_id = ${restaurantId} and kind = 'open')::int as months,
        (select sum(count) from insight_months where restaurant_id = ${restaurantId} and kind = 'open@day')::int
          as by_day`),
  );
  return row!;
}

const lateOpen = (restaurantId: string) => [
  { restaurant_id: restaurantId, hour: '2026-09-10T08:00:00.000Z', kind: 'open' as const, subject: 'uz', count: 5 },
];
const bounds = { maxDays: 100, maxRestaurants: 10_000 };

describe('menu counts written while a round sums their day, on PostgreSQL', () => {
  it('wait for the round and are added to the day and month it summed, once', async () => {
    const r = await restaurantWithOpens();
    const summed = gate();
    const commit = gate();
    const round = database.db.transaction(async (tx) => {
      await summarizeInsights(tx, bounds);
      summed.open();
      await commit.opened;
    });
    await summed.opened;
    const counted = addCounts(database.db, lateOpen(r._id)).then(() => 'written' as const);
    const first = await Promise.race([counted, someoneWaitsForALock()]);
    commit.open();
    expect(first).toBe('waiting');
    await round;
    await counted;
    const kept = await opensKept(r._id);
    expect(kept.hours).toBe(2 * 61 * 24 + 5);
    expect(kept).toEqual({ hours: kept.hours, days: kept.hours, months: kept.hours, by_day: kept.hours });
  });

  it('that a round finds uncommitted are waited for, and summed by it, once', async () => {
    const r = await restaurantWithOpens();
    const written = gate();
    const commit = gate();
    const batch = database.db.transaction(async (tx) => {
      await addCounts(tx, lateOpen(r._id));
      written.open();
      await commit.opened;
    });
    await written.opened;
    const round = summarizeInsights(database.db, bounds).then(() => 'summed' as const);
    const first = await Promise.race([round, someoneWaitsForALock()]);
    commit.open();
    expect(first).toBe('waiting');
    await batch;
    await round;
    const kept = await opensKept(r._id);
    expect(kept.hours).toBe(2 * 61 * 24 + 5);
    expect(kept).toEqual({ hours: kept.hours, days: kept.hours, months: kept.hours, by_day: kept.hours });
  });
});
