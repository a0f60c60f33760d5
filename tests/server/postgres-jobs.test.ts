import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../server/db/client';
import { type RoundOutcome, Scheduler } from '../../server/jobs/scheduler';
import { freshDatabase } from '../support/database';

// PostgreSQL only (see vitest.config.ts): three server processes' schedulers, each on its own connection pool to one
// database, find the same job due at the same moment. Their lease statements truly run at once here (PGlite runs one
// statement at a time), and still exactly one of them may run the round.
let databases: Database[];

beforeAll(async () => {
  const first = await freshDatabase();
  const name = rowsOf<{ name: string }>(await first.db.execute(sql`select current_database() as name`))[0]!.name;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const others = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url.toString(), migrate: false })));
  databases = [first, ...others];
});
afterAll(async () => {
  for (const database of databases.slice(1)) await database.close();
  await databases[0]?.close();
});

describe('three processes, one job', () => {
  it('run each due round exactly once between them', async () => {
    const HOUR = 3600_000;
    let now = Date.parse('2030-01-01T00:00:00Z');
    const log = { warn: () => {} };
    const schedulers = databases.map(
      (database, i) => new Scheduler({ db: database.db, log, owner: `process-${i}`, clock: () => new Date(now) }),
    );
    let rounds = 0;
    for (const scheduler of schedulers) {
      scheduler.every('raced', HOUR, async () => {
        rounds += 1;
      });
    }
    try {
      for (let round = 1; round <= 10; round++) {
        const outcomes: RoundOutcome[] = await Promise.all(schedulers.map((scheduler) => scheduler.runDue('raced')));
        expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === 'skipped')).toHaveLength(2);
        expect(rounds).toBe(round);
        now += HOUR;
      }
    } finally {
      await Promise.all(schedulers.map((scheduler) => scheduler.close()));
    }
  });
});
