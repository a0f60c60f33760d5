import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { finishJobLease, takeJobLease } from '../repositories/job-leases';

/**
 * The server's background loops (POS sync, upload sweep, pruning), run once across processes. Every process that
 * shares a database schedules the same jobs; when a job's timer fires, the process first takes the job's lease in
 * `job_leases`, and only the one that gets it runs the round. The lease is granted when nobody holds it and the last
 * round (whoever ran it) started an interval ago, so N processes run one round per interval between them, not N. It
 * lasts the round's longest time (`maxRunMs`) and is freed when the round ends: a process that dies mid-round holds
 * the job no longer than that. One process never runs a round of a job while its previous one is still running.
 */

/** What a round is told: `signal` aborts when its lease runs out or the scheduler closes; stop between steps then. */
export interface RoundContext {
  signal: AbortSignal;
}
export type Round = (context: RoundContext) => Promise<unknown>;

export interface EveryOptions {
  /** The first round after start (default: one interval). */
  firstAfterMs?: number;
  /** The longest a round may take: its lease (default: one interval). */
  maxRunMs?: number;
}

/** How a call of runDue ended. */
export type RoundOutcome =
  /** This process ran the round, and it succeeded. */
  | 'ran'
  /** It ran and threw, or its lease could not be taken (logged either way). */
  | 'failed'
  /** Not due, or another process holds its lease. */
  | 'skipped'
  /** This process is running the job's previous round still. */
  | 'running'
  | 'closed';

export interface JobLog {
  warn(details: object, message: string): void;
}

export interface SchedulerOptions {
  db: Db;
  log: JobLog;
  /** This process in `job_leases` (default: a random id). */
  owner?: string;
  /** The time leases are counted in (tests move it); default: the database's clock. */
  clock?: () => Date;
}

interface Job {
  name: string;
  intervalMs: number;
  firstAfterMs: number;
  maxRunMs: number;
  round: Round;
  timer?: NodeJS.Timeout;
  running?: Promise<RoundOutcome>;
  stop?: AbortController;
}

/**
 * A timer fires a little later than due, and the lease is taken a query later still: a round started that much late
 * last time must not make this process's next tick look early. Capped, so a long interval is kept nearly exactly.
 */
export function dueSlackMs(intervalMs: number): number {
  return Math.min(intervalMs / 10, 5000);
}

export class Scheduler {
  readonly owner: string;
  private readonly jobs = new Map<string, Job>();
  private started = false;
  private closed = false;

  constructor(private readonly options: SchedulerOptions) {
    this.owner = options.owner ?? randomUUID();
  }

  /** Runs `round` every `intervalMs` once across the processes on this database; timers begin at start(). */
  every(name: string, intervalMs: number, round: Round, options: EveryOptions = {}): void {
    if (this.jobs.has(name)) throw new Error(`The job "${name}" is scheduled already`);
    if (!(intervalMs > 0)) throw new Error(`The job "${name}" needs an interval above 0 ms`);
    const job: Job = {
      name,
      intervalMs,
      round,
      firstAfterMs: options.firstAfterMs ?? intervalMs,
      maxRunMs: options.maxRunMs ?? intervalMs,
    };
    this.jobs.set(name, job);
    if (this.started && !this.closed) this.arm(job, job.firstAfterMs);
  }

  /** The jobs scheduled, by name (tests). */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Arms every job's timer (the app is ready); jobs added later are armed as they come. */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job, job.firstAfterMs);
  }

  /**
   * Runs the job's round now if it is due and its lease is free (the timers call this; tests call it directly rather
   * than wait). A failure is logged and answered, never thrown: the next round comes all the same.
   */
  async runDue(name: string): Promise<RoundOutcome> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job is named "${name}"`);
    if (this.closed) return 'closed';
    if (job.running) return 'running';
    const running = this.attempt(job);
    job.running = running;
    try {
      return await running;
    } finally {
      job.running = undefined;
    }
  }

  /** Stops the timers, tells running rounds to stop (their signal) and waits until they have. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.stop?.abort();
    }
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  /** The next tick is armed before the round runs, so a slow or failing round never delays or stops the cadence. */
  private arm(job: Job, ms: number): void {
    job.timer = setTimeout(() => {
      if (this.closed) return;
      this.arm(job, job.intervalMs);
      void this.runDue(job.name);
    }, ms);
    // Background work never keeps a process alive.
    job.timer.unref();
  }

  private async attempt(job: Job): Promise<RoundOutcome> {
    // Made before the lease is asked for, so a close() meanwhile reaches the round too: it begins already told to stop.
    const stop = new AbortController();
    job.stop = stop;
    try {
      return await this.leaseAndRun(job, stop);
    } finally {
      job.stop = undefined;
    }
  }

  private async leaseAndRun(job: Job, stop: AbortController): Promise<RoundOutcome> {
    const { db, log, clock } = this.options;
    try {
      const leased = await takeJobLease(db, {
        name: job.name,
        owner: this.owner,
        leaseMs: job.maxRunMs,
        dueAfterMs: job.intervalMs - dueSlackMs(job.intervalMs),
        now: clock?.(),
      });
      if (!leased) return 'skipped';
    } catch (error) {
      log.warn({ err: error, job: job.name }, `Background job "${job.name}": taking its lease failed`);
      return 'failed';
    }
    // Past its lease another process may start the next round: this one is told to stop.
    const deadline = setTimeout(() => stop.abort(), job.maxRunMs);
    deadline.unref();
    let failure: string | null = null;
    try {
      await job.round({ signal: stop.signal });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name }, `Background job "${job.name}" failed`);
    } finally {
      clearTimeout(deadline);
    }
    try {
      await finishJobLease(db, { name: job.name, owner: this.owner, error: failure, now: clock?.() });
    } catch (error) {
      // The lease runs out by itself; the next round is not held up for long.
      log.warn({ err: error, job: job.name }, `Background job "${job.name}": freeing its lease failed`);
    }
    return failure === null ? 'ran' : 'failed';
  }
}
