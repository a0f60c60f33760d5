import type { FastifyReply } from 'fastify';
import { FailedAttempts } from '../../domain/failed-attempts';
import type { SharedLimits } from '../../domain/shared-limits';
import { HttpError } from '../../errors';
import { messages } from '../../messages';

/**
 * The abuse limits on the diner's calls (docs/ordering.md). A flood must be slowed without locking a
 * real diner out, so nothing that a stranger can fill refuses the table itself:
 * - per device (the diner's browser keeps a random id and sends it as X-Device-Id) and per client address, in memory
 *   and added up across processes about once a second (FailedAttempts' fixed windows, domain/shared-limits.ts; every
 *   attempt counts): these answer 429. The address numbers are
 *   generous on purpose: a restaurant's guest Wi-Fi or a carrier's NAT puts a whole hall behind one address, and 300
 *   tables ordering once within ten minutes from one address must all get through.
 * - per table, counted in the database (so across processes): past the threshold an order is still created, but
 *   marked `needs_confirmation` ("Tasdiqlash kutilmoqda" to the diner, suspicious to the staff) instead of refused.
 */
export const ORDER_LIMITS = {
  /** Orders one device may send per window: a table of friends orders a few rounds, not fifteen. */
  perDevice: 15,
  perDeviceWindowMs: 10 * 60_000,
  /** Orders one client address may send per window: a full hall of 300 tables on one guest Wi-Fi, twice over. */
  perAddress: 600,
  perAddressWindowMs: 10 * 60_000,
  /** Orders a table may receive per window before new ones wait for staff confirmation (counted in the database). */
  perTable: 10,
  perTableWindowSeconds: 60 * 60,
} as const;
export const CALL_LIMITS = {
  /** Calls one device may send per window. */
  perDevice: 30,
  perDeviceWindowMs: 10 * 60_000,
  /** Calls one client address may send per window: a full hall behind one address, as for orders. */
  perAddress: 1200,
  perAddressWindowMs: 10 * 60_000,
  /** The same table may make the same call (waiter, bill) again only after this long. */
  repeatSeconds: 60,
} as const;

/** The 429 of a call the table made within CALL_LIMITS.repeatSeconds, by the call's type. */
export const CALLED_ALREADY = {
  waiter: messages.waiterCalledAlready,
  bill: messages.billAskedAlready,
} as const;

/** A 429 that says how long to wait, in the message and in Retry-After. */
export function tooMany(reply: FastifyReply, seconds: number, message: (seconds: number) => string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, message(seconds));
}

/** Counts every attempt of one kind per key (a client address, a device id); `count` throws the 429 once the window is full. */
export class AddressLimit {
  private readonly attempts: FailedAttempts;

  constructor(
    max: number,
    windowMs: number,
    private readonly message: (seconds: number) => string,
    now?: () => number,
    shared?: { limits: SharedLimits; name: string },
  ) {
    this.attempts = new FailedAttempts({ max, windowMs, ...(now ? { now } : {}) });
    shared?.limits.add(shared.name, this.attempts);
  }

  /** Throws the 429 while `key` is over the limit; counts nothing. */
  refuse(reply: FastifyReply, key: string): void {
    const wait = this.attempts.retryAfter(key);
    if (wait > 0) throw tooMany(reply, wait, this.message);
  }

  /** Throws the 429 while `key` is over the limit; otherwise counts this attempt. */
  count(reply: FastifyReply, key: string): void {
    this.refuse(reply, key);
    this.attempts.begin(key);
  }
}
