import type { Executor } from '../db/client';
import { addToWindows, readWindows, type SharedWindow, type WindowDelta } from '../repositories/rate-limits';
import type { CountedSince, FailedAttempts } from './failed-attempts';

/** Keys read again per limit and share at most: the cost of a share stays bounded whatever the traffic. */
const REREAD_PER_LIMIT = 500;

/**
 * The abuse limits of one process (logins, pairing codes, diners' orders and calls) added up with every other process
 * on the same database. Each limit counts in memory, so a refusal is a map look-up and never waits for the database;
 * `share` (about once a second, server/plugins/shared-limits.ts) adds what this process counted to `rate_limit_windows`
 * in one statement and takes back the totals, and reads again the keys near their limit here that it did not count
 * since (another process may have filled them). N processes therefore allow a limit plus at most what they let
 * through within two shares' intervals (one process's share, the others' next read) before hearing of each other's
 * counts, not N times the limit.
 */
export class SharedLimits {
  private readonly limits = new Map<string, FailedAttempts>();
  private sharing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds `attempts` to what is shared, under a name every process gives the same limit. */
  add(name: string, attempts: FailedAttempts): void {
    if (this.limits.has(name)) throw new Error(`A shared limit named ${name} exists already`);
    attempts.shareCounts();
    this.limits.set(name, attempts);
  }

  /** Shares what was counted since the last share; one share at a time, a call during one runs after it. */
  share(): Promise<void> {
    this.sharing = this.sharing.catch(() => undefined).then(() => this.shareOnce());
    return this.sharing;
  }

  private async shareOnce(): Promise<void> {
    const taken: { attempts: FailedAttempts; counts: CountedSince[] }[] = [];
    const deltas: WindowDelta[] = [];
    for (const [name, attempts] of this.limits) {
      const counts = attempts.takeCounts();
      if (counts.length === 0) continue;
      taken.push({ attempts, counts });
      for (const count of counts) deltas.push({ name, ...count });
    }
    const counted = new Set(deltas.map((delta) => `${delta.name}\n${delta.key}`));
    const reread: { name: string; key: string }[] = [];
    for (const [name, attempts] of this.limits) {
      for (const key of attempts.keysNearLimit(REREAD_PER_LIMIT)) {
        if (!counted.has(`${name}\n${key}`)) reread.push({ name, key });
      }
    }
    try {
      const windows: SharedWindow[] = [
        ...(await addToWindows(this.db, deltas, this.now())),
        ...(await readWindows(this.db, reread, this.now())),
      ];
      for (const [name, attempts] of this.limits) {
        attempts.countedEverywhere(windows.filter((window) => window.name === name));
      }
    } catch (error) {
      for (const { attempts, counts } of taken) attempts.restoreCounts(counts);
      throw error;
    }
  }
}
