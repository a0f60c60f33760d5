import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/client';
import { dueSlackMs } from '../../server/jobs/scheduler';
import { createTestApp, type TestApp } from '../support/app';
import { killAll } from '../support/server-process';

/**
 * "Once across processes", shown with processes: three real ones, each with the server's scheduler on one PostgreSQL
 * database and the same job (a round every 300 ms that takes 100 ms), as three server processes behind a proxy
 * schedule the POS sync, the pruning and the report's roll-up. While all three run, the job runs one round per
 * interval between them (not three), and never two rounds at once.
 */

const INTERVAL_MS = 300;
const ROUND_MS = 100;
const RUN_MS = 3000;
const root = join(import.meta.dirname, '..', '..');
let t: TestApp;
let databaseUrl: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  await t.db.execute(
    sql`create table scheduler_rounds (owner text not null, started timestamptz not null, finished timestamptz not null)`,
  );
  await t.db.execute(
    sql`create table scheduler_processes (owner text primary key, started timestamptz not null, stopped timestamptz)`,
  );
});
afterAll(async () => {
  killAll(children);
  await t.db.execute(sql`drop table if exists scheduler_rounds, scheduler_processes`);
  await t.close();
});

function startScheduler(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/scheduler-process.ts', databaseUrl, String(INTERVAL_MS), String(ROUND_MS)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('scheduling')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the scheduler process exited (${code}):\n${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

it('three processes run a job once per interval between them, never two rounds at once', async () => {
  const processes = await Promise.all([startScheduler(), startScheduler(), startScheduler()]);
  await new Promise((resolve) => setTimeout(resolve, RUN_MS));
  expect(await Promise.all(processes.map(stop))).toEqual([0, 0, 0]);

  const [window] = rowsOf<{ from: string; to: string }>(
    await t.db.execute(sql`select max(started) as from, min(stopped) as to from scheduler_processes`),
  );
  const rounds = rowsOf<{ owner: string; started: string; finished: string }>(
    await t.db.execute(sql`select owner, started, finished from scheduler_rounds order by started`),
  );
  // Never two at once, whichever process ran them.
  for (let i = 1; i < rounds.length; i++) {
    expect(Date.parse(rounds[i]!.started)).toBeGreaterThanOrEqual(Date.parse(rounds[i - 1]!.finished));
  }
  // While all three ran: one round per interval between them (a round may start up to the slack early).
  const from = Date.parse(window!.from);
  const to = Date.parse(window!.to);
  const within = rounds.filter((round) => {
    const started = Date.parse(round.started);
    return started >= from && started < to;
  });
  const most = Math.ceil((to - from) / (INTERVAL_MS - dueSlackMs(INTERVAL_MS))) + 1;
  expect(to - from).toBeGreaterThan(RUN_MS / 2);
  expect(within.length).toBeLessThanOrEqual(most);
  expect(within.length).toBeGreaterThanOrEqual(Math.floor((to - from) / INTERVAL_MS / 2));
}, 60_000);
