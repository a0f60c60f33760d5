import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answered, type Evening, type OnScreen, reportEvening } from '../../bench/friday-report';

/** The Friday evening bench's report (bench/friday-report.ts): its goals and the last line other tools read. */

const order = (i: number): Answered => ({
  action: { atMs: i * 100, diner: i, kind: 'order', process: i % 2 },
  sentAt: i * 100,
  answeredAt: i * 100 + i + 1,
  id: `order-${i}`,
});
const event = (afterAnswerMs: number, never = false): OnScreen => ({
  afterAnswerMs,
  afterSendMs: afterAnswerMs + 5,
  never,
  streamProcess: 0,
  crossed: false,
});

/** 100 orders answered in 1…100 ms over 10 s, their events 10…1,000 ms after their answers. */
const evening = (changes: Partial<Evening> = {}): Evening => ({
  sent: 150,
  orders: Array.from({ length: 100 }, (_, i) => order(i)),
  calls: [],
  onScreen: Array.from({ length: 100 }, (_, i) => event((i + 1) * 10)),
  failures: [],
  elapsedMs: 10_000,
  ...changes,
});

function printed(of: Evening): string[] {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  reportEvening(of);
  return log.mock.calls.map((args) => String(args[0]));
}

afterEach(() => vi.restoreAllMocks());

describe('reportEvening', () => {
  it('ends with the orders per second and both p99s, and says the goals are met', () => {
    const lines = printed(evening());
    expect(lines.at(-1)).toBe('friday: orders/s 10.0, p99 99 ms, events p99 990 ms');
    expect(lines.at(-2)).toContain('0 errors — met (0); order p99 ≤ 300 ms — met;');
    expect(lines.at(-2)).toContain('within 1000 ms at p99 — met.');
  });

  it('counts every failure as an error and a late event into the events p99', () => {
    const onScreen = evening().onScreen.map((each, i) => (i < 2 ? event(30_000, true) : each));
    const lines = printed(
      evening({
        onScreen,
        failures: [
          { what: 'call', message: 'bill: 429 Kuting' },
          ...onScreen.slice(0, 2).map(() => ({ what: 'event' as const, message: 'never came' })),
        ],
      }),
    );
    expect(lines.at(-1)).toBe('friday: orders/s 10.0, p99 99 ms, events p99 30000 ms');
    expect(lines.at(-2)).toContain('0 errors — NOT met (3)');
    expect(lines.at(-2)).toContain('at p99 — NOT met.');
    expect(lines).toContain('  error: bill: 429 Kuting');
    expect(lines).toContain('  2 events never came within 30 s: counted above at the time waited.');
  });
});
