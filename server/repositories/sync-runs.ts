import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { syncRuns } from '../db/schema';
import { messages } from '../messages';

/** The sync_runs table: one row per sync, `running` while it works, then `ok` with counts or `error` with a reason. */

export type SyncRunRecord = typeof syncRuns.$inferSelect;

/** What one sync changed: each item counted once (created before deactivated before updated). */
export interface SyncCounts {
  created: number;
  updated: number;
  deactivated: number;
}

export interface SyncRunView {
  _id: string;
  restaurant_id: string;
  started_at: string;
  finished_at: string | null;
  result: 'running' | 'ok' | 'error';
  created: number;
  updated: number;
  deactivated: number;
  error: string | null;
}

/** A run still `running` this long after the budget has passed belongs to a process that died: it no longer blocks. */
const STALE_AFTER_BUDGET_MS = 30_000;

const iso = (timestamp: string | null) => (timestamp === null ? null : new Date(timestamp).toISOString());

export function presentRun(run: SyncRunRecord): SyncRunView {
  return { ...run, started_at: iso(run.started_at)!, finished_at: iso(run.finished_at) };
}

/**
 * Starts a run unless another one is running (then undefined: the caller answers 409). Call inside a transaction that
 * locked the restaurant row, so two processes cannot both start one. A run left `running` by a process that died is
 * closed as interrupted first.
 */
export async function startRun(
  tx: Executor,
  restaurantId: string,
  budgetMs: number,
): Promise<SyncRunRecord | undefined> {
  const staleSeconds = (budgetMs + STALE_AFTER_BUDGET_MS) / 1000;
  await tx
    .update(syncRuns)
    .set({ result: 'error', finished_at: sql`now()`, error: messages.syncInterrupted })
    .where(
      and(
        eq(syncRuns.restaurant_id, restaurantId),
        eq(syncRuns.result, 'running'),
        sql`${syncRuns.started_at} < now() - make_interval(secs => ${staleSeconds})`,
      ),
    );
  const [running] = await tx
    .select({ _id: syncRuns._id })
    .from(syncRuns)
    .where(and(eq(syncRuns.restaurant_id, restaurantId), eq(syncRuns.result, 'running')))
    .limit(1);
  if (running) return undefined;
  const [run] = await tx.insert(syncRuns).values({ restaurant_id: restaurantId }).returning();
  return run!;
}

export async function finishRun(tx: Executor, runId: string, counts: SyncCounts): Promise<SyncRunRecord> {
  const [run] = await tx
    .update(syncRuns)
    .set({ result: 'ok', finished_at: sql`now()`, ...counts })
    .where(eq(syncRuns._id, runId))
    .returning();
  return run!;
}

export async function failRun(db: Executor, runId: string, reason: string): Promise<void> {
  await db
    .update(syncRuns)
    .set({ result: 'error', finished_at: sql`now()`, error: reason.slice(0, 1000) })
    .where(eq(syncRuns._id, runId));
}

/** A finished run written in one go (the first import, inside the transaction that created the restaurant). */
export async function recordRun(
  tx: Executor,
  restaurantId: string,
  startedAt: string,
  counts: SyncCounts,
): Promise<SyncRunRecord> {
  const [run] = await tx
    .insert(syncRuns)
    .values({ restaurant_id: restaurantId, started_at: startedAt, finished_at: sql`now()`, result: 'ok', ...counts })
    .returning();
  return run!;
}

export async function lastRun(db: Executor, restaurantId: string): Promise<SyncRunRecord | undefined> {
  const [run] = await db
    .select()
    .from(syncRuns)
    .where(eq(syncRuns.restaurant_id, restaurantId))
    .orderBy(desc(syncRuns.started_at), desc(syncRuns._id))
    .limit(1);
  return run;
}
