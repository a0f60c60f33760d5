import { describe, expect, it } from 'vitest';
import { FailedAttempts } from '../../server/domain/failed-attempts';

// What a counter hands over to be added up with other processes, and how it goes on from the totals
// (domain/shared-limits.ts does the adding, in the database; here a clock the test moves stands for time).
function counter(options: { max: number; windowMs: number; maxKeys?: number }) {
  const clock = { now: 1_000_000 };
  const attempts = new FailedAttempts({ ...options, now: () => clock.now });
  return { attempts, clock };
}

describe('FailedAttempts shared with other processes', () => {
  it('hands over nothing until it is shared, then what was counted per key since the last hand-over, with its window', () => {
    const { attempts, clock } = counter({ max: 5, windowMs: 60_000 });
    attempts.begin('before');
    expect(attempts.takeCounts()).toEqual([]);
    attempts.shareCounts();
    attempts.begin('a');
    attempts.begin('a');
    clock.now += 1000;
    attempts.begin('b');
    attempts.begin('c');
    attempts.succeeded('c');
    expect(attempts.takeCounts()).toEqual([
      { key: 'a', delta: 2, resetAt: 1_060_000 },
      { key: 'b', delta: 1, resetAt: 1_061_000 },
    ]);
    // Taken: the next hand-over starts from nothing.
    expect(attempts.takeCounts()).toEqual([]);
    attempts.succeeded('a');
    expect(attempts.takeCounts()).toEqual([{ key: 'a', delta: -1, resetAt: 1_060_000 }]);
  });

  it('hands over nothing of a window that ended, nor carries it into the next', () => {
    const { attempts, clock } = counter({ max: 5, windowMs: 60_000 });
    attempts.shareCounts();
    attempts.begin('a');
    attempts.begin('a');
    clock.now += 60_000;
    expect(attempts.takeCounts()).toEqual([]);
    attempts.begin('a');
    clock.now += 60_000 - 1;
    attempts.begin('a');
    attempts.begin('b');
    clock.now += 1;
    // a's second window ended with this millisecond: only b's is handed over.
    expect(attempts.takeCounts()).toEqual([{ key: 'b', delta: 1, resetAt: 1_179_999 }]);
  });

  it('gives back counts it could not hand over, for the next time, unless their window ended meanwhile', () => {
    const { attempts, clock } = counter({ max: 5, windowMs: 60_000 });
    attempts.shareCounts();
    attempts.begin('a');
    attempts.begin('b');
    const taken = attempts.takeCounts();
    attempts.begin('a');
    attempts.restoreCounts(taken);
    expect(attempts.takeCounts()).toEqual([
      { key: 'a', delta: 2, resetAt: 1_060_000 },
      { key: 'b', delta: 1, resetAt: 1_060_000 },
    ]);
    const again = attempts.takeCounts();
    expect(again).toEqual([]);
    const lost = [{ key: 'a', delta: 3, resetAt: 1_060_000 }];
    clock.now += 60_000;
    attempts.restoreCounts(lost);
    expect(attempts.takeCounts()).toEqual([]);
  });

  it("goes on from every process's total plus what it counted since it handed its counts over", () => {
    const { attempts, clock } = counter({ max: 5, windowMs: 60_000 });
    attempts.shareCounts();
    attempts.begin('a');
    attempts.takeCounts();
    attempts.begin('a');
    // The others' counts make 4, this process's first one included; its second came after the hand-over.
    attempts.countedEverywhere([{ key: 'a', count: 4, resetAt: 1_050_000 }]);
    expect(attempts.retryAfter('a')).toBe(50);
    // The shared window's end is the one kept: it began with another process's first attempt.
    clock.now += 50_000;
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('learns of keys it never counted, and ignores totals of windows that ended', () => {
    const { attempts, clock } = counter({ max: 3, windowMs: 60_000 });
    attempts.shareCounts();
    attempts.countedEverywhere([
      { key: 'elsewhere', count: 3, resetAt: clock.now + 30_000 },
      { key: 'ended', count: 3, resetAt: clock.now },
    ]);
    expect(attempts.retryAfter('elsewhere')).toBe(30);
    expect(attempts.retryAfter('ended')).toBe(0);
  });

  it('keeps at most maxKeys windows when totals arrive, making room as begin does', () => {
    const { attempts } = counter({ max: 3, windowMs: 60_000, maxKeys: 2 });
    attempts.shareCounts();
    attempts.begin('a');
    attempts.begin('b');
    attempts.countedEverywhere([{ key: 'c', count: 3, resetAt: 1_030_000 }]);
    // The oldest window went to make room for c.
    expect(attempts.retryAfter('c')).toBe(30);
    attempts.begin('a');
    attempts.begin('a');
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('names the keys whose window is at least half full, fullest first, at most as many as asked, open windows only', () => {
    const { attempts, clock } = counter({ max: 4, windowMs: 60_000 });
    for (const [key, times] of [
      ['one', 1],
      ['two', 2],
      ['four', 4],
      ['three', 3],
    ] as const) {
      for (let i = 0; i < times; i++) attempts.begin(key);
    }
    expect(attempts.keysNearLimit(10)).toEqual(['four', 'three', 'two']);
    expect(attempts.keysNearLimit(2)).toEqual(['four', 'three']);
    clock.now += 60_000;
    expect(attempts.keysNearLimit(10)).toEqual([]);
  });

  it('makes room for another process’s key only when it is new here, and drops ended windows before the oldest', () => {
    const { attempts, clock } = counter({ max: 2, windowMs: 60_000, maxKeys: 2 });
    attempts.begin('b');
    attempts.begin('a');
    // A total for a key this process already counts takes no room: 'b', the oldest, stays.
    attempts.countedEverywhere([{ key: 'a', count: 2, resetAt: clock.now + 60_000 }]);
    expect(attempts.keysNearLimit(10).sort()).toEqual(['a', 'b']);

    const fresh = counter({ max: 2, windowMs: 60_000, maxKeys: 2 });
    fresh.attempts.begin('b');
    fresh.attempts.countedEverywhere([{ key: 'x', count: 1, resetAt: fresh.clock.now + 100 }]);
    // 'x' ends exactly now: it is what makes room for 'c', not 'b' that is older but still open.
    fresh.clock.now += 100;
    fresh.attempts.begin('c');
    expect(fresh.attempts.keysNearLimit(10).sort()).toEqual(['b', 'c']);
  });
});
