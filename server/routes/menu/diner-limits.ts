import type { FastifyReply } from 'fastify';
import type { SharedLimits } from '../../domain/shared-limits';
import { AddressLimit } from './table-limits';

export interface DinerLimitNumbers {
  perDevice: number;
  perDeviceWindowMs: number;
  perAddress: number;
  perAddressWindowMs: number;
}

/** Attempts remembered at most (about 150 bytes each); past it the oldest are forgotten first. */
const ATTEMPTS_KEPT = 100_000;

/**
 * The per-device and per-address windows of one kind of diner write (orders, or calls), in memory and, when `shared`
 * is given, added up across the processes on one database under `<kind>-device` and `<kind>-address`.
 *
 * A flood is refused before any database read (`refuseEarly`): a device or address over its window gets its 429 at
 * the cost of a map look-up. One exception keeps a real diner's order safe: an attempt this process has already
 * counted (the same Idempotency-Key: a double tap, a retry after a lost answer) is let through, so it reaches the
 * replay of the order it may have made rather than a refusal of it.
 */
export class DinerLimits {
  private readonly perDevice: AddressLimit;
  private readonly perAddress: AddressLimit;
  /** Attempts counted, each with when it leaves the longer window (ms since epoch), oldest first. */
  private readonly counted = new Map<string, number>();
  private readonly keepMs: number;

  constructor(
    numbers: DinerLimitNumbers,
    message: (seconds: number) => string,
    private readonly now: () => number = Date.now,
    shared?: { limits: SharedLimits; kind: string },
  ) {
    const named = (name: string) => (shared ? { limits: shared.limits, name: `${shared.kind}-${name}` } : undefined);
    this.perDevice = new AddressLimit(numbers.perDevice, numbers.perDeviceWindowMs, message, now, named('device'));
    this.perAddress = new AddressLimit(numbers.perAddress, numbers.perAddressWindowMs, message, now, named('address'));
    this.keepMs = Math.max(numbers.perDeviceWindowMs, numbers.perAddressWindowMs);
  }

  /** Throws the 429 when the device (if sent) or the address is over its window, unless `attempt` was counted. */
  refuseEarly(reply: FastifyReply, address: string, device: string, attempt?: string): void {
    if (attempt !== undefined && this.wasCounted(attempt)) return;
    if (device) this.perDevice.refuse(reply, device);
    this.perAddress.refuse(reply, address);
  }

  /**
   * Counts the write per device first (when sent), then per address: each a 429 past its window's number. An attempt
   * already counted is not counted again: two taps of one order that reach this together are one order.
   */
  count(reply: FastifyReply, address: string, device: string, attempt?: string): void {
    if (attempt !== undefined && this.wasCounted(attempt)) return;
    if (device) this.perDevice.count(reply, device);
    this.perAddress.count(reply, address);
    if (attempt !== undefined) this.remember(attempt);
  }

  private wasCounted(attempt: string): boolean {
    const until = this.counted.get(attempt);
    return until !== undefined && until > this.now();
  }

  private remember(attempt: string): void {
    this.counted.delete(attempt);
    this.counted.set(attempt, this.now() + this.keepMs);
    const now = this.now();
    for (const [oldest, until] of this.counted) {
      if (this.counted.size <= ATTEMPTS_KEPT && until > now) break;
      this.counted.delete(oldest);
    }
  }
}
