import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { DinerLimits } from '../../server/routes/menu/diner-limits';

/** The diner's limits in memory: a refusal before any read, except for an attempt already counted. */

const reply = () => {
  const headers: Record<string, string> = {};
  return { headers, header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply & {
    headers: Record<string, string>;
  };
};
const numbers = { perDevice: 2, perDeviceWindowMs: 60_000, perAddress: 100, perAddressWindowMs: 120_000 };
const message = (seconds: number) => `${seconds} soniyadan so'ng`;

function refusal(run: () => void): HttpError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('DinerLimits', () => {
  it('refuses a full device early without counting; lets an attempt it counted through; forgets it after the window', () => {
    let now = 1_000_000;
    const limits = new DinerLimits(numbers, message, () => now);
    limits.count(reply(), '10.0.0.1', 'phone', 'first');
    limits.count(reply(), '10.0.0.1', 'phone', 'second');
    const early = reply();
    expect(refusal(() => limits.refuseEarly(early, '10.0.0.1', 'phone', 'third'))?.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');
    // The same tap again (a retry after a lost answer) reaches its replay.
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.1', 'phone', 'first'))).toBeUndefined();
    // Another device behind the same address is not refused.
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.1', 'other', 'x'))).toBeUndefined();
    now += 60_000;
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.1', 'phone', 'third'))).toBeUndefined();
    now += 60_000;
    // Past the longer window the attempt is forgotten: a full device is refused even for it.
    limits.count(reply(), '10.0.0.1', 'phone', 'fourth');
    limits.count(reply(), '10.0.0.1', 'phone', 'fifth');
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.1', 'phone', 'first'))?.statusCode).toBe(429);
  });

  it('counts an attempt once: two taps of one order that reach the count together use one place', () => {
    const limits = new DinerLimits(numbers, message);
    limits.count(reply(), '10.0.0.3', 'tapper', 'order');
    limits.count(reply(), '10.0.0.3', 'tapper', 'order');
    // The device's second place is still free.
    expect(refusal(() => limits.count(reply(), '10.0.0.3', 'tapper', 'another'))).toBeUndefined();
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.3', 'tapper', 'third'))?.statusCode).toBe(429);
  });

  it('a call (no attempt key) over the address window is refused early', () => {
    const limits = new DinerLimits({ ...numbers, perAddress: 1 }, message);
    limits.count(reply(), '10.0.0.2', '');
    expect(refusal(() => limits.refuseEarly(reply(), '10.0.0.2', ''))?.statusCode).toBe(429);
  });
});
