import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxSender, type OutboxSenderOptions } from '../../server/jobs/outbox-sender';

/**
 * The loop every outbox shares (the till's orders, the kitchen's tickets), driven with a fake outbox: claims and sends
 * are promises the test settles, and time is vitest's clock (setTimeout and Date), so every "at once", "after the
 * gather", "at the next tick" is checked to the millisecond without waiting. The concrete senders on the real database
 * are in jobs-till-sender and jobs-print-sender.
 */

interface Row {
  id: number;
  request_id: string | null;
}

function settleable<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * An outbox of numbered rows: `due` is what a claim may take (in order, up to its limit). Claims and sends end at
 * once unless the test holds them (`holdClaims`, `holdSends`); then it ends each itself.
 */
class FakeOutbox {
  due: Row[] = [];
  readonly claims: { limit: number; leaseSeconds: number; at: number }[] = [];
  readonly heldClaims: ReturnType<typeof settleable<void>>[] = [];
  readonly sends: { row: Row; deadline: number; at: number; done: ReturnType<typeof settleable<void>> }[] = [];
  readonly warned: { details: object; message: string }[] = [];
  holdClaims = false;
  holdSends = false;
  /** The next claim throws this (once). */
  claimFails: Error | undefined;
  /** Every send throws this (recording its outcome failed). */
  sendFails: Error | undefined;
  /** Claims under way now, and the most there ever were at once. */
  claiming = 0;
  mostClaimingAtOnce = 0;

  constructor(rows = 0) {
    this.due = Array.from({ length: rows }, (_, i) => ({ id: i + 1, request_id: i === 0 ? 'request-1' : null }));
  }

  claim = async (limit: number, leaseSeconds: number): Promise<Row[]> => {
    this.claims.push({ limit, leaseSeconds, at: Date.now() });
    this.claiming += 1;
    this.mostClaimingAtOnce = Math.max(this.mostClaimingAtOnce, this.claiming);
    try {
      if (this.holdClaims) {
        const held = settleable<void>();
        this.heldClaims.push(held);
        await held.promise;
      }
      const failure = this.claimFails;
      this.claimFails = undefined;
      if (failure) throw failure;
      return this.due.splice(0, limit);
    } finally {
      this.claiming -= 1;
    }
  };

  send = (row: Row, deadline: number): Promise<void> => {
    const done = settleable<void>();
    this.sends.push({ row, deadline, at: Date.now(), done });
    if (this.sendFails) done.reject(this.sendFails);
    else if (!this.holdSends) done.resolve();
    return done.promise;
  };

  sender(options: Partial<OutboxSenderOptions<Row>> = {}): OutboxSender<Row> {
    return new OutboxSender<Row>({
      name: 'Test row',
      log: { warn: (details, message) => this.warned.push({ details, message }) },
      claim: this.claim,
      send: this.send,
      leaseSeconds: 15,
      tickMs: 1000,
      ...options,
    });
  }
}

/** Promise callbacks and continuations run (setImmediate is left real: it comes after all of them). */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Moves the fake clock on by `ms`, running the timers due meanwhile and what they start. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settled();
}

const START = Date.parse('2030-01-01T09:00:00Z');
const senders: OutboxSender<Row>[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
});
afterEach(async () => {
  for (const sender of senders.splice(0)) void sender.stop();
  vi.useRealTimers();
});
function started(outbox: FakeOutbox, options: Partial<OutboxSenderOptions<Row>> = {}) {
  const sender = outbox.sender(options);
  senders.push(sender);
  sender.start();
  return sender;
}
const claimTimes = (outbox: FakeOutbox) => outbox.claims.map((claim) => claim.at - START);

describe('claiming', () => {
  it('looks at once on start(), then every tickMs while nothing is due', async () => {
    const outbox = new FakeOutbox();
    started(outbox, { tickMs: 250 });
    await advance(0);
    expect(outbox.claims).toEqual([{ limit: 20, leaseSeconds: 15, at: START }]);
    await advance(249);
    expect(outbox.claims).toHaveLength(1);
    await advance(1);
    await advance(250);
    expect(claimTimes(outbox)).toEqual([0, 250, 500]);
  });

  it('looks every second when no tickMs is given', async () => {
    const outbox = new FakeOutbox();
    started(outbox, { tickMs: undefined });
    await advance(999);
    expect(claimTimes(outbox)).toEqual([0]);
    await advance(1);
    expect(claimTimes(outbox)).toEqual([0, 1000]);
  });

  it('claims nothing before start(), and start() twice still looks once', async () => {
    const outbox = new FakeOutbox();
    const sender = outbox.sender();
    senders.push(sender);
    sender.wake();
    await advance(5000);
    expect(outbox.claims).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);

    sender.start();
    await advance(10);
    sender.start();
    await advance(10);
    expect(claimTimes(outbox)).toEqual([0 + 5000]);
    await advance(980);
    expect(claimTimes(outbox)).toEqual([5000, 6000]);
  });

  it('a failed claim is logged and tried again at the next tick', async () => {
    const outbox = new FakeOutbox(1);
    const failure = new Error('database away');
    outbox.claimFails = failure;
    started(outbox);
    await advance(0);
    expect(outbox.warned).toEqual([{ details: { err: failure }, message: 'Test row: claiming failed' }]);
    expect(outbox.sends).toEqual([]);
    await advance(1000);
    expect(claimTimes(outbox)).toEqual([0, 1000]);
    expect(outbox.sends.map((send) => send.row.id)).toEqual([1]);
  });
});

describe('waking', () => {
  it('looks WAKE_GATHER_MS after a wake, one claim for the wakes meanwhile, and the tick counts from there', async () => {
    const outbox = new FakeOutbox();
    const sender = started(outbox);
    await advance(100);
    sender.wake();
    await advance(10);
    sender.wake();
    await advance(4);
    expect(claimTimes(outbox)).toEqual([0]);
    await advance(1);
    expect(claimTimes(outbox)).toEqual([0, 115]);
    // The tick armed before the wake was put off: the next look is a tick after the last one.
    await advance(1000 - 115 + 10);
    expect(claimTimes(outbox)).toEqual([0, 115]);
    await advance(105);
    expect(claimTimes(outbox)).toEqual([0, 115, 1115]);
  });

  it('a wake during a claim makes the next claim right after it ends', async () => {
    const outbox = new FakeOutbox();
    outbox.holdClaims = true;
    const sender = started(outbox);
    await advance(0);
    expect(outbox.heldClaims).toHaveLength(1);
    sender.wake();
    outbox.heldClaims[0]!.resolve();
    await advance(1);
    expect(claimTimes(outbox)).toEqual([0, 0]);
    outbox.heldClaims[1]!.resolve();
    await advance(998);
    expect(outbox.claims).toHaveLength(2);
  });

  it('after a send ends it looks again WAKE_GATHER_MS later, not at once and not at the next tick', async () => {
    const outbox = new FakeOutbox(1);
    outbox.holdSends = true;
    started(outbox);
    await advance(1);
    // One row of room for twenty: nothing more is waiting, so no claim follows at once.
    expect(claimTimes(outbox)).toEqual([0]);
    expect(outbox.sends.map((send) => send.row.id)).toEqual([1]);
    await advance(99);
    outbox.sends[0]!.done.resolve();
    await advance(14);
    expect(claimTimes(outbox)).toEqual([0]);
    await advance(1);
    expect(outbox.claims.slice(1)).toEqual([{ limit: 20, leaseSeconds: 15, at: START + 115 }]);
  });

  it('a stopped sender claims nothing when woken and keeps no timer armed', async () => {
    const outbox = new FakeOutbox();
    const sender = started(outbox);
    await advance(0);
    await sender.stop();
    expect(vi.getTimerCount()).toBe(0);
    sender.wake();
    expect(vi.getTimerCount()).toBe(0);
    await advance(5000);
    expect(outbox.claims).toHaveLength(1);
  });
});

describe('sending', () => {
  it('gives each claimed row to send with a deadline the lease less its margin, and answers how many (runOnce)', async () => {
    const outbox = new FakeOutbox(3);
    expect(await outbox.sender({ leaseSeconds: 15 }).runOnce()).toBe(3);
    expect(outbox.claims).toEqual([{ limit: 20, leaseSeconds: 15, at: START }]);
    // Five seconds before a 15-second lease ends: the outcome is written while the row is still this claim's.
    expect(outbox.sends.map((send) => [send.row.id, send.deadline - START])).toEqual([
      [1, 10_000],
      [2, 10_000],
      [3, 10_000],
    ]);

    // A short lease keeps two thirds of itself for the send.
    const short = new FakeOutbox(1);
    await short.sender({ leaseSeconds: 3 }).runOnce();
    expect(short.claims[0]!.leaseSeconds).toBe(3);
    expect(short.sends[0]!.deadline - START).toBe(2000);
  });

  it('runOnce waits for every send to end', async () => {
    const outbox = new FakeOutbox(2);
    outbox.holdSends = true;
    let answered: number | undefined;
    const running = outbox
      .sender()
      .runOnce()
      .then((count) => {
        answered = count;
      });
    await settled();
    expect(outbox.sends).toHaveLength(2);
    outbox.sends[0]!.done.resolve();
    await settled();
    expect(answered).toBeUndefined();
    outbox.sends[1]!.done.resolve();
    await running;
    expect(answered).toBe(2);
  });

  it('a send whose outcome could not be recorded is logged with its row and request, not thrown, and the sender goes on', async () => {
    const outbox = new FakeOutbox(2);
    const failure = new Error('commit failed');
    outbox.sendFails = failure;
    expect(await outbox.sender().runOnce()).toBe(2);
    expect(outbox.warned).toEqual([
      { details: { err: failure, outboxRow: 1, requestId: 'request-1' }, message: 'Test row: recording failed' },
      { details: { err: failure, outboxRow: 2, requestId: null }, message: 'Test row: recording failed' },
    ]);

    outbox.due = [{ id: 3, request_id: null }];
    outbox.sendFails = undefined;
    started(outbox);
    await advance(0);
    expect(outbox.sends.map((send) => send.row.id)).toEqual([1, 2, 3]);
  });

  it('sends at most MAX_IN_FLIGHT (20) at once: a claim asks for the room left, and none while it is full', async () => {
    const outbox = new FakeOutbox(25);
    outbox.holdSends = true;
    started(outbox);
    await advance(0);
    expect(outbox.claims.map((claim) => claim.limit)).toEqual([20]);
    expect(outbox.sends).toHaveLength(20);
    // A full claim may have left more behind: the loop looks again at once, but has no room; nor at the ticks.
    await advance(2500);
    expect(outbox.claims.map((claim) => claim.limit)).toEqual([20]);

    for (const send of outbox.sends.slice(0, 3)) send.done.resolve();
    await advance(14);
    expect(outbox.claims).toHaveLength(1);
    await advance(1);
    expect(outbox.claims.map((claim) => claim.limit)).toEqual([20, 3]);
    expect(outbox.sends.map((send) => send.row.id)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });
  it('after a full claim it looks again at once: a send that ended meanwhile is followed by a claim right away', async () => {
    const outbox = new FakeOutbox(25);
    outbox.holdSends = true;
    started(outbox);
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox.sends).toHaveLength(20);
    outbox.sends[0]!.done.resolve();
    await settled();
    await advance(1);
    expect(outbox.claims.map((claim) => [claim.limit, claim.at - START])).toEqual([
      [20, 0],
      [1, 1],
    ]);
  });
});

describe('stopping', () => {
  it('stop() waits for the sends under way to end', async () => {
    const outbox = new FakeOutbox(1);
    outbox.holdSends = true;
    const sender = started(outbox);
    await advance(0);
    let stopped = false;
    const stopping = sender.stop().then(() => {
      stopped = true;
    });
    await settled();
    expect(stopped).toBe(false);
    outbox.sends[0]!.done.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('stop() during a claim waits for it and for the sends it started, then arms nothing', async () => {
    const outbox = new FakeOutbox(1);
    outbox.holdClaims = true;
    outbox.holdSends = true;
    const sender = started(outbox);
    await advance(0);
    let stopped = false;
    const stopping = sender.stop().then(() => {
      stopped = true;
    });
    outbox.heldClaims[0]!.resolve();
    await settled();
    expect(outbox.sends).toHaveLength(1);
    expect(stopped).toBe(false);
    outbox.sends[0]!.done.resolve();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    await advance(5000);
    expect(outbox.claims).toHaveLength(1);
  });

  it('started again during a claim, it never makes two claims at once', async () => {
    const outbox = new FakeOutbox();
    outbox.holdClaims = true;
    const sender = started(outbox);
    await advance(0);
    const stopping = sender.stop();
    sender.start();
    await advance(5);
    expect(outbox.claims).toHaveLength(1);
    outbox.holdClaims = false;
    outbox.heldClaims[0]!.resolve();
    await stopping;
    await advance(1000);
    expect(outbox.claims).toHaveLength(2);
    expect(outbox.mostClaimingAtOnce).toBe(1);
  });

  it('its timers keep no process alive', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const outbox = new FakeOutbox();
      const sender = started(outbox);
      await advance(100);
      sender.wake();
      await advance(15);
      const armed = timers.mock.results.map((result) => result.value as NodeJS.Timeout);
      expect(armed.length).toBeGreaterThanOrEqual(3);
      expect(armed.every((timer) => !timer.hasRef())).toBe(true);
    } finally {
      timers.mockRestore();
    }
  });
});
