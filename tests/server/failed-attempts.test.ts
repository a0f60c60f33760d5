import { describe, expect, it } from 'vitest';
import { FailedAttempts, tooManyAttemptsMessage } from '../../server/domain/failed-attempts';

// The counter behind the login and table limits, on a clock the test moves: window ends, and what it forgets when full.
function counter(options: { max: number; windowMs: number; maxKeys?: number }) {
  const clock = { now: 1_000_000 };
  const attempts = new FailedAttempts({ ...options, now: () => clock.now });
  return { attempts, clock };
}

describe('FailedAttempts', () => {
  it('limits a key at its maximum until the window that began with its first attempt ends, to the millisecond', () => {
    const { attempts, clock } = counter({ max: 2, windowMs: 60_000 });
    attempts.begin('a');
    clock.now += 10_000;
    attempts.begin('a');
    expect(attempts.retryAfter('a')).toBe(50);
    clock.now += 49_999;
    expect(attempts.retryAfter('a')).toBe(1);
    clock.now += 1;
    expect(attempts.retryAfter('a')).toBe(0);
    // A new window starts with the next attempt: one more is allowed again.
    attempts.begin('a');
    expect(attempts.retryAfter('a')).toBe(0);
  });

  it('a success takes its attempt back, never below zero', () => {
    const { attempts } = counter({ max: 1, windowMs: 60_000 });
    attempts.begin('a');
    attempts.succeeded('a');
    attempts.succeeded('a');
    attempts.begin('a');
    expect(attempts.retryAfter('a')).toBe(60);
  });

  it('when full, sweeps finished windows first and keeps the live ones', () => {
    const { attempts, clock } = counter({ max: 1, windowMs: 60_000, maxKeys: 2 });
    attempts.begin('old');
    clock.now += 30_000;
    attempts.begin('live');
    clock.now += 30_000; // 'old' ends exactly now
    attempts.begin('new');
    expect(attempts.retryAfter('live')).toBe(30);
    expect(attempts.retryAfter('new')).toBe(60);
  });

  it('when full of live windows, forgets the oldest key only, as many as it takes to make room for one', () => {
    const { attempts } = counter({ max: 1, windowMs: 60_000, maxKeys: 2 });
    attempts.begin('first');
    attempts.begin('second');
    attempts.begin('third');
    expect(attempts.retryAfter('first')).toBe(0);
    expect(attempts.retryAfter('second')).toBe(60);
    expect(attempts.retryAfter('third')).toBe(60);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute on', () => {
    expect(tooManyAttemptsMessage(59)).toBe("Juda ko'p urinish. Iltimos, 59 soniyadan so'ng qayta urinib ko'ring.");
    expect(tooManyAttemptsMessage(60)).toBe("Juda ko'p urinish. Iltimos, 1 daqiqadan so'ng qayta urinib ko'ring.");
    expect(tooManyAttemptsMessage(61)).toBe("Juda ko'p urinish. Iltimos, 2 daqiqadan so'ng qayta urinib ko'ring.");
  });
});
