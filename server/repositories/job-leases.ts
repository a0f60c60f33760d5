import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobLeases } from '../db/schema';

/**
 * SQL of the background jobs' leases (server/jobs/scheduler.ts). Times are the database's clock unless the caller
 * passes `now` (tests move time without waiting).
 */

const at = (now: Date | undefined): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);
const plus = (time: SQL, ms: number): SQL => sql`${time} + make_interval(secs => ${ms / 1000})`;

export interface LeaseRequest {
  name: string;
  owner: string;
  /** How long the round may run: the lease ends then even if its owner never says so (a crash). */
  leaseMs: number;
  /** The last round must have started at least this long ago (whichever process ran it). */
  dueAfterMs: number;
  now?: Date;
}

/**
 * Takes the lease of a round when nobody holds it (never taken, released, or run out) and the round is due; answers
 * whether this owner got it. One statement: of two processes asking at once, the primary key's row lock lets one in
 * and the other sees the lease it just took.
 */
export async function takeJobLease(db: Executor, request: LeaseRequest): Promise<boolean> {
  const now = at(request.now);
  const until = plus(now, request.leaseMs);
  const rows = await db
    .insert(jobLeases)
    .values({ name: request.name, owner: request.owner, until, last_started: now })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { owner: request.owner, until, last_started: now },
      setWhere: and(
        sql`(${jobLeases.until} is null or ${jobLeases.until} <= ${now})`,
        sql`${jobLeases.last_started} <= ${plus(now, -request.dueAfterMs)}`,
      ),
    })
    .returning({ name: jobLeases.name });
  return rows.length > 0;
}

/**
 * The round ended (`error`: why it failed, or null): its lease is free again. Only while this owner still holds it; a
 * round that outlived its lease leaves the row to whoever took it over.
 */
export async function finishJobLease(
  db: Executor,
  lease: { name: string; owner: string; error: string | null; now?: Date },
): Promise<void> {
  await db
    .update(jobLeases)
    .set({ until: null, last_finished: at(lease.now), last_error: lease.error })
    .where(and(eq(jobLeases.name, lease.name), eq(jobLeases.owner, lease.owner)));
}
