import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, Db } from '../../server/db/client';
import { jobLeases } from '../../server/db/schema';
import { dueSlackMs, type Round, Scheduler, type SchedulerOptions } from '../../server/jobs/scheduler';
import { freshDatabase } from '../support/database';
import { keptLog } from './jobs-fixtures';

/**
 * The scheduler's rules besides the one-round-across-processes of jobs-scheduler: which jobs it accepts, when its
 * timers fire (vitest's setTimeout, so an interval passes without waiting), what a round's signal is told, and what
 * it does when the database is away while it takes or frees a lease.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const made: Scheduler[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(made.splice(0).map((scheduler) => scheduler.close()));
});

function testClock() {
  let now = Date.parse('2030-01-01T09:00:00Z');
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A process's scheduler on the test's database, its time a clock the test moves unless told. */
function scheduler(options: Partial<SchedulerOptions> = {}): Scheduler {
  const jobs = new Scheduler({ db: database.db, log: keptLog().log, owner: 'a', clock: testClock().now, ...options });
  made.push(jobs);
  return jobs;
}

const nothing: Round = async () => {};
const leaseOf = async (name: string) => (await database.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];

describe('scheduling a job', () => {
  it('refuses a second job of one name, and an interval that is not above 0 ms', () => {
    const jobs = scheduler();
    jobs.every('twice', HOUR, nothing);
    expect(() => jobs.every('twice', MINUTE, nothing)).toThrow('The job "twice" is scheduled already');
    for (const interval of [0, -1, Number.NaN]) {
      expect(() => jobs.every(`every-${interval}`, interval, nothing)).toThrow(
        `The job "every-${interval}" needs an interval above 0 ms`,
      );
    }
    expect(jobs.names()).toEqual(['twice']);
  });

  it('refuses to run a job it does not have', async () => {
    await expect(scheduler().runDue('nope')).rejects.toThrow('No job is named "nope"');
  });

  it('counts a round due a little before its interval: a tenth of it, at most five seconds', async () => {
    expect([dueSlackMs(1000), dueSlackMs(30_000), dueSlackMs(50_000), dueSlackMs(HOUR)]).toEqual([
      100, 3000, 5000, 5000,
    ]);
    const clock = testClock();
    const jobs = scheduler({ clock: clock.now });
    jobs.every('hourly', HOUR, nothing);
    expect(await jobs.runDue('hourly')).toBe('ran');
    clock.advance(HOUR - 5001);
    expect(await jobs.runDue('hourly')).toBe('skipped');
    clock.advance(1);
    expect(await jobs.runDue('hourly')).toBe('ran');
  });
});

describe('the timers', () => {
  /**
   * Fake setTimeout; the rounds the timers start are seen through runDue, the timers' way in, and not run: no query
   * is left waiting on the database while fake time jumps ahead (the embedded database's own timers are faked too).
   */
  function timed(jobs: Scheduler) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const runs = vi.spyOn(jobs, 'runDue').mockResolvedValue('skipped');
    return { started: () => runs.mock.calls.map(([name]) => name) };
  }

  it('run nothing before start(); then each job first after firstAfterMs, by default one interval', async () => {
    const jobs = scheduler();
    const { started } = timed(jobs);
    jobs.every('plain', 1000, nothing);
    jobs.every('early', 1000, nothing, { firstAfterMs: 10 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(started()).toEqual([]);

    jobs.start();
    await vi.advanceTimersByTimeAsync(9);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toEqual(['early']);
    await vi.advanceTimersByTimeAsync(989);
    expect(started()).toEqual(['early']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toEqual(['early', 'plain']);
    await vi.advanceTimersByTimeAsync(10);
    expect(started()).toEqual(['early', 'plain', 'early']);
  });

  it('arm a job added after start() at once, and none added after close()', async () => {
    const jobs = scheduler();
    const { started } = timed(jobs);
    jobs.start();
    jobs.every('late', HOUR, nothing, { firstAfterMs: 5 });
    await vi.advanceTimersByTimeAsync(5);
    expect(started()).toEqual(['late']);

    await jobs.close();
    jobs.every('after-close', HOUR, nothing, { firstAfterMs: 5 });
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(started()).toEqual(['late']);
  });

  it('are armed once however often start() is called, and none is left after close(), nor by a start() after it', async () => {
    const jobs = scheduler();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    jobs.every('one', HOUR, nothing);
    jobs.every('two', HOUR, nothing);
    jobs.start();
    jobs.start();
    expect(vi.getTimerCount()).toBe(2);
    await jobs.close();
    expect(vi.getTimerCount()).toBe(0);
    jobs.start();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("a round's signal", () => {
  it('is never aborted once the round ended: not when its lease would have run out, nor by close()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const jobs = scheduler();
    let told: AbortSignal | undefined;
    jobs.every(
      'quick',
      HOUR,
      async ({ signal }) => {
        told = signal;
      },
      { maxRunMs: 50 },
    );
    expect(await jobs.runDue('quick')).toBe('ran');
    await vi.advanceTimersByTimeAsync(100);
    expect(told?.aborted).toBe(false);
    await jobs.close();
    expect(told?.aborted).toBe(false);
  });
});

describe('leases', () => {
  it("without a clock are counted in the database's time, and freed when the round ends", async () => {
    const { warned, log } = keptLog();
    const jobs = new Scheduler({ db: database.db, log, owner: 'dbclock' });
    made.push(jobs);
    jobs.every('database-time', HOUR, nothing);
    const before = Date.now();
    expect(await jobs.runDue('database-time')).toBe('ran');
    const lease = await leaseOf('database-time');
    expect(lease).toMatchObject({ owner: 'dbclock', until: null, last_error: null });
    expect(Date.parse(lease!.last_finished!)).toBeGreaterThanOrEqual(before - 1000);
    expect(warned).toEqual([]);
    expect(await jobs.runDue('database-time')).toBe('skipped');
  });

  it('a lease that cannot be taken is logged and answered "failed", and its round does not run', async () => {
    const failure = new Error('database away');
    const away = new Proxy(database.db, {
      get: () => {
        throw failure;
      },
    });
    const { warned, log } = keptLog();
    const jobs = new Scheduler({ db: away, log, owner: 'a' });
    made.push(jobs);
    let rounds = 0;
    jobs.every('unleased', HOUR, async () => {
      rounds += 1;
    });
    expect(await jobs.runDue('unleased')).toBe('failed');
    expect(rounds).toBe(0);
    expect(warned).toEqual([
      { details: { err: failure, job: 'unleased' }, message: 'Background job "unleased": taking its lease failed' },
    ]);
  });

  it('a lease that cannot be freed is logged; the round still ran', async () => {
    const failure = new Error('database away');
    let away = false;
    const flaky = new Proxy(database.db, {
      get: (target, property) => {
        if (away) throw failure;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    const { warned, log } = keptLog();
    const jobs = new Scheduler({ db: flaky, log, owner: 'a', clock: testClock().now });
    made.push(jobs);
    jobs.every('unfreed', HOUR, async () => {
      away = true;
    });
    expect(await jobs.runDue('unfreed')).toBe('ran');
    expect(warned).toEqual([
      { details: { err: failure, job: 'unfreed' }, message: 'Background job "unfreed": freeing its lease failed' },
    ]);
    // Still held: it runs out by itself.
    expect((await leaseOf('unfreed'))?.until).not.toBeNull();
  });
});
