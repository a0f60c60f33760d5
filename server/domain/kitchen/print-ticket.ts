import { printerAddress } from '../../integrations/printer/address';
import { encodeTicket } from '../../integrations/printer/escpos';
import { PrinterError, sendToPrinter } from '../../integrations/printer/send';
import type { KitchenTicket } from '../../integrations/printer/ticket';
import { messages } from '../../messages';
import {
  finishTicket,
  type PrintOutboxRow,
  type PrintOutcome,
  type TicketContext,
  ticketContext,
} from '../../repositories/print-outbox';
import type { DomainDeps } from '../deps';

/**
 * Prints one kitchen ticket (a print_outbox row the job claimed): the order's lines of the row's station, encoded as
 * ESC/POS for the station's paper, sent to its printer over raw TCP. While the printer does not answer the ticket is
 * tried again (PRINT_RETRY_SECONDS); from the second failure the staff see "Printer javob bermadi (Bar)" on the order;
 * past the last try it is given up, for "Qayta chop etish". A ticket for an order cancelled meanwhile is not printed.
 */

/** Seconds before the n-th retry: a printer switched off is usually switched on within minutes. */
export const PRINT_RETRY_SECONDS = [2, 5, 10, 15, 30, 30, 60, 60, 60, 60, 120, 120, 120, 120, 120] as const;
export const PRINT_MAX_ATTEMPTS = PRINT_RETRY_SECONDS.length + 1;
/** The staff see a failure once this many tries failed: one refused connection is often a printer waking up. */
const SHOWN_FROM_ATTEMPT = 2;
const PRINTER_TIMEOUT_MS = 5000;

export interface PrintDeps extends DomainDeps {
  log: { warn(details: object, message: string): void };
}
export interface PrintOptions {
  retrySeconds: readonly number[];
  maxAttempts: number;
  /** Demo mode and tests print to the simulator on this machine; otherwise the server's own addresses are refused. */
  allowLoopback: boolean;
}

export function ticketOf(context: TicketContext, reprint: boolean): KitchenTicket {
  return {
    restaurant: context.restaurant,
    station: context.station.name,
    table: context.order.table_name,
    number: context.order.number,
    placedAt: new Date(context.order.createdAt),
    lines: context.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      rows: line.rows.map((row) => row.name),
    })),
    comment: context.order.comment,
    reprint,
  };
}

export async function printTicket(
  deps: PrintDeps,
  row: PrintOutboxRow,
  options: PrintOptions,
  deadline: number,
): Promise<void> {
  const outcome = await tryPrint(deps, row, options, deadline);
  await deps.work((w) => finishTicket(w.tx, row, outcome));
}

async function tryPrint(
  deps: PrintDeps,
  row: PrintOutboxRow,
  options: PrintOptions,
  deadline: number,
): Promise<PrintOutcome> {
  const context = await ticketContext(deps.db, row);
  if (!context || context.order.status === 'cancelled' || context.lines.length === 0) return { state: 'dropped' };
  const { printer } = context.station;
  try {
    const host = await printerAddress(printer.host, { allowLoopback: options.allowLoopback });
    const bytes = encodeTicket(ticketOf(context, row.reprint), printer.width);
    const timeoutMs = Math.max(500, Math.min(PRINTER_TIMEOUT_MS, deadline - Date.now()));
    await sendToPrinter({ host, port: printer.port }, bytes, { timeoutMs });
    return { state: 'printed' };
  } catch (error) {
    if (!(error instanceof PrinterError)) throw error;
    const reason = messages.printerFailedAt(context.station.name, error.message);
    deps.log.warn({ ticket: row.id, order: row.order_id, attempt: row.attempts, err: error.message }, 'Kitchen ticket');
    if (!error.retryable || row.attempts >= options.maxAttempts) return { state: 'failed', error: reason };
    const seconds = options.retrySeconds[Math.min(row.attempts, options.retrySeconds.length) - 1] ?? 60;
    return { state: 'retry', seconds, error: reason, shown: row.attempts >= SHOWN_FROM_ATTEMPT };
  }
}
