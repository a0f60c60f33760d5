import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { Scheduler } from '../../server/jobs/scheduler';

/**
 * One server process's scheduler, as a process of its own, for the test that runs three of them on one PostgreSQL
 * database (tests/server/postgres-scheduler-processes.test.ts): it schedules one job, whose every round is written to
 * `scheduler_rounds` with who ran it and when, and records when it was running in `scheduler_processes`. It stops
 * on SIGTERM, as a server does.
 *
 * Arguments: the database URL, the job's interval and a round's length, in ms.
 */
const [databaseUrl, intervalArg, roundArg] = process.argv.slice(2);
const intervalMs = Number(intervalArg);
const roundMs = Number(roundArg);

const database = await openDatabase({ databaseUrl: databaseUrl!, migrate: false });
const db = database.db;
const jobs = new Scheduler({ db, log: { warn: (details, message) => console.error(message, details) } });
jobs.every(
  'counted-round',
  intervalMs,
  async () => {
    const started = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, roundMs));
    await db.execute(
      sql`insert into scheduler_rounds (owner, started, finished) values (${jobs.owner}, ${started}, ${new Date().toISOString()})`,
    );
  },
  { firstAfterMs: 0 },
);
await db.execute(sql`insert into scheduler_processes (owner, started) values (${jobs.owner}, now())`);
jobs.start();
console.log('scheduling');

process.once('SIGTERM', async () => {
  await jobs.close();
  await db.execute(sql`update scheduler_processes set stopped = now() where owner = ${jobs.owner}`);
  await database.close();
  process.exit(0);
});
