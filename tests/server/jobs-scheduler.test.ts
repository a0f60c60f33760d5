import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import { jobLeases, telegramUpdates, usedEventTickets } from '../../server/db/schema';
import { type JobLog, type Round, Scheduler } from '../../server/jobs/scheduler';
import { createTestApp } from '../support/app';
import { freshDatabase } from '../support/database';

/**
 * The background jobs' scheduler on the real database: several schedulers on one database stand for several server
 * processes on one PostgreSQL. Time is a clock the test moves (the leases are counted in it), so nothing waits for an
 * interval to pass.
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

interface Logged {
  details: { job?: string; err?: unknown };
  message: string;
}

function serverProcess(owner: string, clock: { now: () => Date }, logged: Logged[] = []): Scheduler {
  const log: JobLog = { warn: (details, message) => logged.push({ details, message }) };
  const scheduler = new Scheduler({ db: database.db, log, owner, clock: clock.now });
  made.push(scheduler);
  return scheduler;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const leaseOf = async (name: string) => (await database.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];

describe('one round across processes', () => {
  it('two processes with a due job run one round between them, and the next only once it is due again', async () => {
    const clock = testClock();
    const [a, b] = [serverProcess('a', clock), serverProcess('b', clock)];
    let rounds = 0;
    const round: Round = async () => {
      rounds += 1;
    };
    a.every('shared', HOUR, round);
    b.every('shared', HOUR, round);

    const outcomes = await Promise.all([a.runDue('shared'), b.runDue('shared')]);

    expect(outcomes.sort()).toEqual(['ran', 'skipped']);
    expect(rounds).toBe(1);
    clock.advance(HOUR / 2);
    expect(await Promise.all([a.runDue('shared'), b.runDue('shared')])).toEqual(['skipped', 'skipped']);
    clock.advance(HOUR / 2);
    expect(await b.runDue('shared')).toBe('ran');
    expect(await a.runDue('shared')).toBe('skipped');
    expect(rounds).toBe(2);
    expect(await leaseOf('shared')).toMatchObject({ owner: 'b', until: null, last_error: null });
  });

  it('a lease whose owner died is taken over once it runs out', async () => {
    const clock = testClock();
    const now = clock.now().getTime();
    await database.db.insert(jobLeases).values({
      name: 'orphaned',
      owner: 'gone',
      until: new Date(now + 10 * MINUTE).toISOString(),
      last_started: new Date(now - 2 * HOUR).toISOString(),
    });
    const a = serverProcess('a', clock);
    let rounds = 0;
    a.every('orphaned', HOUR, async () => {
      rounds += 1;
    });

    expect(await a.runDue('orphaned')).toBe('skipped');
    clock.advance(10 * MINUTE);
    expect(await a.runDue('orphaned')).toBe('ran');

    expect(rounds).toBe(1);
    const lease = await leaseOf('orphaned');
    expect(lease).toMatchObject({ owner: 'a', until: null, last_started: clock.now().toISOString() });
    expect(lease?.last_finished).toBe(clock.now().toISOString());
  });
});

describe('a round never overlaps itself', () => {
  it('in its process, even past its interval; another process waits for its lease', async () => {
    const clock = testClock();
    const [a, b] = [serverProcess('a', clock), serverProcess('b', clock)];
    const slow = gate();
    let rounds = 0;
    const round: Round = async () => {
      rounds += 1;
      await slow.opened;
    };
    a.every('slow', MINUTE, round, { maxRunMs: 10 * MINUTE });
    b.every('slow', MINUTE, round, { maxRunMs: 10 * MINUTE });

    const first = a.runDue('slow');
    await vi.waitFor(() => expect(rounds).toBe(1));
    clock.advance(2 * MINUTE);
    expect(await a.runDue('slow')).toBe('running');
    expect(await b.runDue('slow')).toBe('skipped');
    slow.open();
    expect(await first).toBe('ran');

    expect(await b.runDue('slow')).toBe('ran');
    expect(rounds).toBe(2);
  });

  it('past its lease a round is told to stop, and ending late it leaves the lease to the process that took over', async () => {
    const clock = testClock();
    const [a, b] = [serverProcess('a', clock), serverProcess('b', clock)];
    const late = gate();
    let told: AbortSignal | undefined;
    a.every(
      'overrun',
      HOUR,
      async ({ signal }) => {
        told = signal;
        await late.opened;
      },
      { maxRunMs: 20 },
    );
    const successor = gate();
    b.every('overrun', HOUR, () => successor.opened, { maxRunMs: 20 });

    const first = a.runDue('overrun');
    await vi.waitFor(() => expect(told?.aborted).toBe(true));
    clock.advance(HOUR);
    const second = b.runDue('overrun');
    await vi.waitFor(async () => expect((await leaseOf('overrun'))?.owner).toBe('b'));
    late.open();
    expect(await first).toBe('ran');
    expect((await leaseOf('overrun'))?.until).not.toBeNull();
    successor.open();
    expect(await second).toBe('ran');
    expect((await leaseOf('overrun'))?.until).toBeNull();
  });
});

describe('closing and failing', () => {
  it('close() tells the running round to stop and waits for it, then frees its lease', async () => {
    const clock = testClock();
    const a = serverProcess('a', clock);
    const slow = gate();
    let told: AbortSignal | undefined;
    a.every('closing', HOUR, async ({ signal }) => {
      told = signal;
      await slow.opened;
    });
    const running = a.runDue('closing');
    await vi.waitFor(() => expect(told).toBeDefined());

    let closed = false;
    const closing = a.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(told?.aborted).toBe(true);
    expect(closed).toBe(false);
    slow.open();
    await closing;

    expect(await running).toBe('ran');
    expect((await leaseOf('closing'))?.until).toBeNull();
    clock.advance(HOUR);
    expect(await a.runDue('closing')).toBe('closed');
  });

  it('a failing round is logged and recorded, and the next one runs', async () => {
    const clock = testClock();
    const logged: Logged[] = [];
    const a = serverProcess('a', clock, logged);
    let calls = 0;
    a.every('flaky', HOUR, async () => {
      calls += 1;
      if (calls === 1) throw new Error('POS away');
    });

    expect(await a.runDue('flaky')).toBe('failed');
    expect(logged).toEqual([
      { details: { err: expect.any(Error), job: 'flaky' }, message: 'Background job "flaky" failed' },
    ]);
    expect(await leaseOf('flaky')).toMatchObject({ until: null, last_error: 'POS away' });
    clock.advance(HOUR);
    expect(await a.runDue('flaky')).toBe('ran');
    expect(await leaseOf('flaky')).toMatchObject({ until: null, last_error: null });
  });

  it('the timers run the first round after firstAfterMs, and the next after a failure; they keep no process alive', async () => {
    // Each reading of this clock is an hour on: every tick finds its round due, whatever the machine's pace.
    let hours = 0;
    const clock = { now: () => new Date(Date.parse('2031-01-01T00:00:00Z') + hours++ * HOUR) };
    const a = serverProcess('a', clock);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let calls = 0;
    try {
      a.every(
        'ticking',
        31,
        async () => {
          calls += 1;
          if (calls === 1) throw new Error('first round fails');
        },
        { firstAfterMs: 7 },
      );
      a.start();
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { interval: 5 });
      const armed = timers.mock.calls.flatMap((call, i) =>
        call[1] === 7 || call[1] === 31 ? [timers.mock.results[i]!.value as NodeJS.Timeout] : [],
      );
      expect(armed.length).toBeGreaterThanOrEqual(2);
      expect(armed.every((timer) => !timer.hasRef())).toBe(true);
    } finally {
      timers.mockRestore();
    }
    await a.close();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls).toBe(after);
  });
});

describe('the server', () => {
  it('prunes its growing tables as jobs', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.jobs.names()).toEqual(
        expect.arrayContaining([
          'prune-staff-events',
          'prune-event-tickets',
          'prune-telegram-outbox',
          'prune-telegram-updates',
        ]),
      );
      const long = new Date(Date.now() - 3 * 24 * HOUR).toISOString();
      await t.db.insert(telegramUpdates).values([
        { bot_id: 'bot', update_id: 1, createdAt: long },
        { bot_id: 'bot', update_id: 2 },
      ]);
      const [oldTicket, newTicket] = [crypto.randomUUID(), crypto.randomUUID()];
      await t.db.insert(usedEventTickets).values([{ ticket_id: oldTicket, usedAt: long }, { ticket_id: newTicket }]);

      for (const name of t.app.jobs.names()) expect(await t.app.jobs.runDue(name)).toBe('ran');

      const updates = await t.db.select().from(telegramUpdates).where(eq(telegramUpdates.bot_id, 'bot'));
      expect(updates.map((row) => row.update_id)).toEqual([2]);
      const tickets = await t.db
        .select()
        .from(usedEventTickets)
        .where(inArray(usedEventTickets.ticket_id, [oldTicket, newTicket]));
      expect(tickets.map((row) => row.ticket_id)).toEqual([newTicket]);
    } finally {
      await t.close();
    }
  });
});
