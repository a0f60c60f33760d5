import type { CountedKind, CountRow } from '../../repositories/insights';

const HOUR_MS = 3_600_000;
/** Counts are written at most this often per process: a `kill -9` loses at most this long's counts. */
export const FLUSH_EVERY_MS = 1000;

/**
 * Kinds whose subjects come from what a diner typed, and how many distinct ones a restaurant's hour keeps per process:
 * the report lists the most frequent, and a script sending random words fills no table.
 */
export const DISTINCT_SUBJECTS_PER_HOUR: Partial<Record<CountedKind, number>> = { empty_search: 200 };

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
  /** The hour `distinct` counts for, and the distinct subjects taken this hour per restaurant and capped kind. */
  private distinctHour = '';
  private readonly distinct = new Map<string, Set<string>>();

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
    if (!this.allowed(restaurantId, hour, kind, subject)) return;
    const key = `${restaurantId}\u0000${hour}\u0000${kind}\u0000${subject}`;
    const row = this.pending.get(key);
    if (row) row.count += n;
    else this.pending.set(key, { restaurant_id: restaurantId, hour, kind, subject, count: n });
    this.timer ??= setTimeout(() => void this.flush(), this.flushEveryMs);
  }

  /** False for a new subject of a capped kind past its restaurant's hour's cap (known subjects still count). */
  private allowed(restaurantId: string, hour: string, kind: CountedKind, subject: string): boolean {
    const cap = DISTINCT_SUBJECTS_PER_HOUR[kind];
    if (cap === undefined) return true;
    if (hour !== this.distinctHour) {
      this.distinct.clear();
      this.distinctHour = hour;
    }
    const key = `${restaurantId}\u0000${kind}`;
    const seen = this.distinct.get(key) ?? new Set<string>();
    this.distinct.set(key, seen);
    if (seen.has(subject)) return true;
    if (seen.size >= cap) return false;
    seen.add(subject);
    return true;
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
