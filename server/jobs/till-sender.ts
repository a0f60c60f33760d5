import { sendToTill, type TillSendDeps, type TillSendOptions } from '../domain/orders/send-to-till';
import { claimDueTillOrders, type PosOutboxRow } from '../repositories/pos-outbox';
import { OutboxSender } from './outbox-sender';

/**
 * Seconds before the n-th retry while the POS or the till is away: an order must reach the kitchen fast, so the first
 * tries come within seconds; ten tries (about four minutes) and it is given up, for the staff to see and send again.
 */
export const TILL_RETRY_SECONDS = [1, 2, 5, 10, 20, 30, 60, 60, 60] as const;
export const TILL_MAX_ATTEMPTS = 10;
/**
 * How long a claim holds a row: the calls get all of it but the margin, enough for iiko to carry an order to the till
 * (its transport timeout, 8 s) and the calls around it; a command still under way then is followed by the next claim.
 * A process that died mid-send holds its rows no longer than this.
 */
export const TILL_LEASE_SECONDS = 15;

export interface TillSenderOptions extends Partial<TillSendOptions> {
  deps: TillSendDeps;
  /** Look for due rows this often besides `wake()`; tests shorten it. */
  tickMs?: number;
  leaseSeconds?: number;
}

/**
 * Sends the orders of pos_outbox to the tills (domain/orders/send-to-till.ts), in every server process, through the
 * leased outbox loop every outbox shares (outbox-sender.ts). A table's next order is due once its previous one ended.
 */
export class TillSender extends OutboxSender<PosOutboxRow> {
  constructor(options: TillSenderOptions) {
    const send: TillSendOptions = {
      retrySeconds: options.retrySeconds ?? TILL_RETRY_SECONDS,
      maxAttempts: options.maxAttempts ?? TILL_MAX_ATTEMPTS,
      pollMs: options.pollMs ?? 200,
    };
    super({
      name: 'Till order',
      log: options.deps.log,
      leaseSeconds: options.leaseSeconds ?? TILL_LEASE_SECONDS,
      ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
      claim: (limit, leaseSeconds) => claimDueTillOrders(options.deps.db, { limit, leaseSeconds }),
      send: (row, deadline) => sendToTill(options.deps, row, send, deadline),
    });
  }
}
