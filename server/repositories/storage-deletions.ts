import { asc, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { storageDeletions } from '../db/schema';

/** SQL of the queue of stored images to remove (`storage_deletions`; the rules are in uploads/deletion-queue.ts). */

/** A failed removal is tried again a minute later, then two, four… at most six hours apart. */
const FIRST_RETRY = sql`interval '1 minute'`;
const LONGEST_RETRY = sql`interval '6 hours'`;

const at = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** Queues keys for removal, in the caller's transaction; a key queued already stays as it is. */
export async function insertStorageDeletions(tx: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(storageDeletions)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** The keys waiting, oldest first (tests and the report of a round). */
export async function queuedStorageDeletions(db: Executor) {
  return db.select().from(storageDeletions).orderBy(asc(storageDeletions.queued_at), asc(storageDeletions.key));
}

/** Up to `limit` keys due by `now` (default: the database's clock), the longest due first. */
export async function dueStorageDeletions(db: Executor, limit: number, now?: Date): Promise<string[]> {
  const rows = await db
    .select({ key: storageDeletions.key })
    .from(storageDeletions)
    .where(lte(storageDeletions.next_attempt_at, at(now)))
    .orderBy(asc(storageDeletions.next_attempt_at))
    .limit(limit);
  return rows.map((row) => row.key);
}

/** The store refused these keys: tried again later (twice as long each time, capped), with why. */
export async function postponeStorageDeletions(
  db: Executor,
  keys: readonly string[],
  error: string,
  now?: Date,
): Promise<void> {
  await db
    .update(storageDeletions)
    .set({
      attempts: sql`${storageDeletions.attempts} + 1`,
      next_attempt_at: sql`${at(now)} + least(${FIRST_RETRY} * power(2, ${storageDeletions.attempts}), ${LONGEST_RETRY})`,
      last_error: error.slice(0, 500),
    })
    .where(inArray(storageDeletions.key, [...keys]));
}

/** These keys are done with: removed from the store, or shown again by something. */
export async function forgetStorageDeletions(db: Executor, keys: readonly string[]): Promise<void> {
  await db.delete(storageDeletions).where(inArray(storageDeletions.key, [...keys]));
}
