import type { CountedKind, CountRow } from '../../repositories/insights';

const HOUR_MS = 3_600_000;
/** Counts are written at most this often per process: a `kill -9` loses at most this long's counts. */
export const FLUSH_EVERY_MS = 1000;

export interface CounterLog {
  warn(details: object, message: string): void;
}

/**
 * What the public menu counts for the owner's report (menu opens, dish details opened, dishes refused as unavailable,
 * searches that found nothing), counted in this process's memory and written in one statement at most once a second,
 * so counting costs a diner's request a map update and never a database round trip. A batch that cannot be written
 * (the database away) is dropped with a warning: counts are worth less than the requests they count.
 */
export class InsightCounter {
  private pending = new Map<string, CountRow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly write: (rows: CountRow[]) => Promise<void>,
    private readonly log: CounterLog,
    private readonly now: () => number = Date.now,
    private readonly flushEveryMs = FLUSH_EVERY_MS,
  ) {}

  /** Counts one (or `n`) of `kind` for `subject` in the current hour. */
  add(restaurantId: string, kind: CountedKind, subject: string, n = 1): void {
    if (this.closed) return;
    const hour = new Date(Math.floor(this.now() / HOUR_MS) * HOUR_MS).toISOString();
    const key = `${restaurantId}\u0000${hour}\u0000${kind}\u0000${subject}`;
    const row = this.pending.get(key);
    if (row) row.count += n;
    else this.pending.set(key, { restaurant_id: restaurantId, hour, kind, subject, count: n });
    this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs);
  }

  /** Writes what is pending now (tests and shutdown call it; otherwise the timer does). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = this.write(rows)
      .catch((error: unknown) =>
        this.log.warn({ err: error, rows: rows.length }, 'Insight counts could not be written'),
      )
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  /** Writes what is pending and counts no more. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
