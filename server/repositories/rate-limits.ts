import { lt, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client';
import { rateLimitWindows } from '../db/schema';

/** One process's counts of one key since it last shared them: `delta` may be negative (a success taken back). */
export interface WindowDelta {
  name: string;
  key: string;
  delta: number;
  /** When the window this process counted in ends (ms since epoch): a new shared window ends then. */
  resetAt: number;
}

/** A key's window as all processes counted it. */
export interface SharedWindow {
  name: string;
  key: string;
  count: number;
  resetAt: number;
}

/**
 * Adds every process's counts to the shared windows in one statement and answers the totals of the keys it touched.
 * A window that ended by `now` starts again from this delta (with this process's end); a count never goes below zero.
 */
export async function addToWindows(db: Executor, deltas: readonly WindowDelta[], now: number): Promise<SharedWindow[]> {
  if (deltas.length === 0) return [];
  const rows = deltas.map((d) => ({ name: d.name, key: d.key, delta: d.delta, reset_at: new Date(d.resetAt) }));
  const nowAt = new Date(now).toISOString();
  // The proposed row carries the raw delta (so `excluded.count` can take a success back); a window nobody counted in
  // yet is only started by attempts, never by a success alone.
  const result = await db.execute(sql`
    insert into ${rateLimitWindows} as w (name, key, count, reset_at)
    select u.name, u.key, u.delta, u.reset_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as u(name text, key text, delta integer, reset_at timestamptz)
    where u.delta > 0
      or exists (select 1 from ${rateLimitWindows} e where e.name = u.name and e.key = u.key)
    on conflict (name, key) do update set
      count = greatest(case when w.reset_at <= ${nowAt}::timestamptz then excluded.count else w.count + excluded.count end, 0),
      reset_at = case when w.reset_at <= ${nowAt}::timestamptz then excluded.reset_at else w.reset_at end
    returning w.name, w.key, w.count, w.reset_at`);
  return windowsOf(result);
}

/** The totals of these keys' windows still open at `now` (none for a key no process counted). */
export async function readWindows(
  db: Executor,
  keys: readonly { name: string; key: string }[],
  now: number,
): Promise<SharedWindow[]> {
  if (keys.length === 0) return [];
  const result = await db.execute(sql`
    select w.name, w.key, w.count, w.reset_at
    from ${rateLimitWindows} w
    join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as u(name text, key text) on u.name = w.name and u.key = w.key
    where w.reset_at > ${new Date(now).toISOString()}::timestamptz`);
  return windowsOf(result);
}

function windowsOf(result: unknown): SharedWindow[] {
  return rowsOf<{ name: string; key: string; count: number; reset_at: string | Date }>(result).map((row) => ({
    name: row.name,
    key: row.key,
    count: Number(row.count),
    resetAt: new Date(row.reset_at).getTime(),
  }));
}

/** Windows that ended before `before` are gone: they refuse nobody any more. */
export async function pruneRateLimitWindows(db: Executor, before: Date): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.reset_at, before));
}
