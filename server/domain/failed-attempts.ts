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

/**
 * Counts failed attempts (logins, current-password checks) per key in fixed windows. An attempt is counted when it
 * starts (`begin`), so many at once cannot slip past the limit while their hashes run, and is taken back when it
 * succeeds (`succeeded`): a user who simply logs in often is never limited. Kept in memory, per process.
 */
export class FailedAttempts {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;
  private readonly now: () => number;

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
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= this.maxKeys) this.makeRoom();
    this.windows.set(key, { count: 1, resetAt: this.now() + this.options.windowMs });
  }

  succeeded(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
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
