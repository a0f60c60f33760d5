import {
  PRINT_MAX_ATTEMPTS,
  PRINT_RETRY_SECONDS,
  type PrintDeps,
  type PrintOptions,
  printTicket,
} from '../domain/kitchen/print-ticket';
import { claimDueTickets, type PrintOutboxRow } from '../repositories/print-outbox';
import { OutboxSender } from './outbox-sender';

/** How long a claim holds a ticket: a printer's answer (5 s at most) and the outcome's write, with room. */
export const PRINT_LEASE_SECONDS = 15;

export interface PrintSenderOptions extends Partial<PrintOptions> {
  deps: PrintDeps;
  tickMs?: number;
  leaseSeconds?: number;
}

/**
 * Prints the kitchen's tickets (print_outbox) in every server process, through the leased outbox loop every outbox
 * shares (outbox-sender.ts): each ticket is printed by one process.
 */
export class PrintSender extends OutboxSender<PrintOutboxRow> {
  constructor(options: PrintSenderOptions) {
    const print: PrintOptions = {
      retrySeconds: options.retrySeconds ?? PRINT_RETRY_SECONDS,
      maxAttempts: options.maxAttempts ?? PRINT_MAX_ATTEMPTS,
      allowLoopback: options.allowLoopback ?? false,
    };
    super({
      name: 'Kitchen ticket',
      log: options.deps.log,
      leaseSeconds: options.leaseSeconds ?? PRINT_LEASE_SECONDS,
      ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
      claim: (limit, leaseSeconds) => claimDueTickets(options.deps.db, { limit, leaseSeconds }),
      send: (row, deadline) => printTicket(options.deps, row, print, deadline),
    });
  }
}
