import type { FastifyReply } from 'fastify';
import { HttpError } from '../../errors';
import { FailedAttempts, waitWords } from '../auth/failed-attempts';

/**
 * Issue 17's abuse limits on the diner's calls (README, "Ordering from the table"). Per client address they are kept in
 * memory per process, as the login limits are (FailedAttempts' fixed windows; here every attempt counts, it is never
 * taken back); per table they are counted in the database, so they hold across processes.
 */
export const ORDER_LIMITS = {
  /**
   * Orders one client address may send per window. Generous on purpose: a restaurant's guest Wi-Fi, and a mobile
   * carrier's NAT, put every phone of a full hall behind one address (20 tables ordering twice in ten minutes is a
   * busy Friday, not an attack). What bounds one table is the per-table limit below, counted in the database.
   */
  perAddress: 60,
  perAddressWindowMs: 10 * 60_000,
  /** Orders one table may receive per window, whoever sends them (counted in the database). */
  perTable: 30,
  perTableWindowSeconds: 60 * 60,
} as const;
export const CALL_LIMITS = {
  /** Calls one client address may send per window: a full hall behind one address, as for orders. */
  perAddress: 120,
  perAddressWindowMs: 10 * 60_000,
  /** The same table may make the same call (waiter, bill) again only after this long. */
  repeatSeconds: 60,
} as const;

export const TOO_MANY_ORDERS = (seconds: number) =>
  `Juda ko'p buyurtma yuborildi. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`;
export const TOO_MANY_TABLE_ORDERS = (seconds: number) =>
  `Bu stoldan juda ko'p buyurtma berildi. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring yoki ofitsiantni chaqiring.`;
export const TOO_MANY_CALLS = (seconds: number) =>
  `Juda ko'p chaqiruv yuborildi. Iltimos, ${waitWords(seconds)} so'ng qayta urinib ko'ring.`;
export const CALLED_ALREADY = {
  waiter: (seconds: number) =>
    `Ofitsiant chaqirildi va tez orada keladi. Yana chaqirish uchun ${seconds} soniya kuting.`,
  bill: (seconds: number) => `Hisob so'raldi va tez orada keltiriladi. Yana so'rash uchun ${seconds} soniya kuting.`,
} as const;

/** A 429 that says how long to wait, in the message and in Retry-After. */
export function tooMany(reply: FastifyReply, seconds: number, message: (seconds: number) => string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, message(seconds));
}

/** Counts every attempt of one kind per client address; `refuse` throws the 429 once the window is full. */
export class AddressLimit {
  private readonly attempts: FailedAttempts;

  constructor(
    max: number,
    windowMs: number,
    private readonly message: (seconds: number) => string,
  ) {
    this.attempts = new FailedAttempts({ max, windowMs });
  }

  /** Throws the 429 while `address` is over the limit; otherwise counts this attempt. */
  count(reply: FastifyReply, address: string): void {
    const wait = this.attempts.retryAfter(address);
    if (wait > 0) throw tooMany(reply, wait, this.message);
    this.attempts.begin(address);
  }
}
