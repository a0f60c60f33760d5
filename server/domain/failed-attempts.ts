import { messages } from '../messages';

interface Window {
  count: number;
  /** When the window that began with the first counted attempt ends (ms since epoch). */
  resetAt: number;
}

export interface FailedAttemptsOptions {
  /** Attempts allowed per key within one window. */
  max: number;
  windowMs: number;
  /** Keys remembered at most; beyond it finished windows are swept, then the oldest keys dropped. */
  maxKeys?: number;
  now?: () => number;
}

/** What this process counted for one key since its counts were last shared, and when its window ends. */
export interface CountedSince {
  key: string;
  delta: number;
  resetAt: number;
}

/** A key's window as every process counted it. */
export interface CountedEverywhere {
  key: string;
  count: number;
  resetAt: number;
}

/**
 * Counts failed attempts (logins, current-password checks) per key in fixed windows. An attempt is counted when it
 * starts (`begin`), so many at once cannot slip past the limit while their hashes run, and is taken back when it
 * succeeds (`succeeded`): a user who simply logs in often is never limited. Kept in memory, so a refusal costs a map
 * look-up; when several processes share a database, their counts are added up there about once a second
 * (domain/shared-limits.ts) and each process goes on from the total.
 */
export class FailedAttempts {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  /** Counts not shared yet, per key; absent while nothing shares them. */
  private unshared: Map<string, number> | undefined;

  constructor(private readonly options: FailedAttemptsOptions) {
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Whole seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.options.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  begin(key: string): void {
    const window = this.current(key);
    this.note(key, 1);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= this.maxKeys) this.makeRoom();
    this.windows.set(key, { count: 1, resetAt: this.now() + this.options.windowMs });
  }

  succeeded(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) {
      window.count -= 1;
      this.note(key, -1);
    }
  }

  /** From now on, what is counted is kept for `takeCounts` too. */
  shareCounts(): void {
    this.unshared ??= new Map();
  }

  /** What was counted since the last call, per key of a window still open; forgotten here until `restoreCounts`. */
  takeCounts(): CountedSince[] {
    if (!this.unshared) return [];
    const counts: CountedSince[] = [];
    for (const [key, delta] of this.unshared) {
      const window = this.current(key);
      if (window) counts.push({ key, delta, resetAt: window.resetAt });
    }
    this.unshared.clear();
    return counts;
  }

  /**
   * Keys whose window is open and at least half full here, fullest first, at most `limit`: the ones another process's
   * counts could have filled since this one last heard (the others are far from a refusal either way).
   */
  keysNearLimit(limit: number): string[] {
    const near: [string, number][] = [];
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (window.resetAt > now && window.count * 2 >= this.options.max) near.push([key, window.count]);
    }
    return near
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key]) => key);
  }

  /** Counts taken that could not be shared (the database did not answer): they go with the next share. */
  restoreCounts(counts: readonly CountedSince[]): void {
    for (const { key, delta } of counts) if (this.current(key)) this.note(key, delta);
  }

  /** The totals every process counted: each key goes on from its total plus what was counted here since it was taken. */
  countedEverywhere(windows: readonly CountedEverywhere[]): void {
    for (const { key, count, resetAt } of windows) {
      if (resetAt <= this.now()) continue;
      if (!this.windows.has(key) && this.windows.size >= this.maxKeys) this.makeRoom();
      this.windows.set(key, { count: count + (this.unshared?.get(key) ?? 0), resetAt });
    }
  }

  private note(key: string, delta: number): void {
    if (!this.unshared) return;
    const total = (this.unshared.get(key) ?? 0) + delta;
    if (total === 0) this.unshared.delete(key);
    else this.unshared.set(key, total);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      // What was counted in a window that ended is not carried into the next.
      this.unshared?.delete(key);
      return undefined;
    }
    return window;
  }

  private makeRoom(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Still full: the oldest windows go first (a Map iterates in insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** The 429 of too many failed attempts, saying how long to wait. */
export const tooManyAttemptsMessage = messages.tooManyAttempts;
