import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { Scheduler } from '../../server/jobs/scheduler';
import { scheduleUploadSweep } from '../../server/jobs/upload-sweep';
import { uploadsDir } from '../../server/uploads/storage';
import { ABANDONED_AFTER_MS } from '../../server/uploads/sweep';
import { freshDatabase } from '../support/database';
import { keptLog } from './jobs-fixtures';

/**
 * The upload sweep as a job of the scheduler (server/jobs/upload-sweep.ts): when it first runs and how often
 * (vitest's setTimeout; nothing waits), and what a round does and logs. What the sweep removes is upload-sweep's.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'menyu-jobs-sweep-'));
  mkdirSync(uploadsDir(dataDir), { recursive: true });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const made: Scheduler[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(made.splice(0).map((jobs) => jobs.close()));
});

/** What scheduleUploadSweep uses of the app: its scheduler (leases in a clock the test moves), database and log. */
let epoch = Date.parse('2030-01-01T09:00:00Z');
function server() {
  epoch += 24 * HOUR;
  let now = epoch;
  const jobs = new Scheduler({ db: database.db, log: keptLog().log, owner: 'sweeper', clock: () => new Date(now) });
  made.push(jobs);
  const told: string[] = [];
  const app = { jobs, db: database.db, log: { info: (message: string) => told.push(message) } };
  scheduleUploadSweep(app as unknown as FastifyInstance, dataDir);
  return { jobs, told, advance: (ms: number) => (now += ms) };
}

/** An image no row uses, stored `ageMs` ago (with its thumbnail); answers its file's path. */
function storedImage(name: string, ageMs: number): string {
  const then = new Date(Date.now() - ageMs);
  const files = [`${name}.webp`, `${name}-thumb.webp`].map((file) => join(uploadsDir(dataDir), file));
  for (const file of files) {
    writeFileSync(file, 'webp');
    utimesSync(file, then, then);
  }
  return files[0]!;
}

describe('the upload sweep job', () => {
  it('first runs a minute after start, then every six hours', async () => {
    const { jobs } = server();
    expect(jobs.names()).toEqual(['upload-sweep']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The rounds the timers start are seen, not run: no query waits on the database while fake time jumps ahead.
    const runs = vi.spyOn(jobs, 'runDue').mockResolvedValue('skipped');
    jobs.start();
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(runs).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.mock.calls).toEqual([['upload-sweep']]);
    await vi.advanceTimersByTimeAsync(6 * HOUR - 1);
    expect(runs).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs.mock.calls).toEqual([['upload-sweep'], ['upload-sweep']]);
  });

  it('removes abandoned uploads and says how many; a round with nothing to remove says nothing', async () => {
    const abandoned = storedImage('abandoned1', 2 * ABANDONED_AFTER_MS);
    const fresh = storedImage('fresh1', MINUTE);
    const { jobs, told, advance } = server();

    expect(await jobs.runDue('upload-sweep')).toBe('ran');
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(told).toEqual(['Removed 1 abandoned upload(s).']);

    // Due again six hours on (less the scheduler's slack of five seconds), not before.
    advance(6 * HOUR - 5001);
    expect(await jobs.runDue('upload-sweep')).toBe('skipped');
    advance(1);
    expect(await jobs.runDue('upload-sweep')).toBe('ran');
    expect(told).toHaveLength(1);
  });
});
