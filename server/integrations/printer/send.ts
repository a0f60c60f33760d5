import { createConnection, isIP } from 'node:net';
import { messages } from '../../messages';

/**
 * Sends a ticket's bytes to a network thermal printer the way printers on port 9100 ("raw", "JetDirect") take a job:
 * one TCP connection, the bytes, then our end of it closed. The printer prints what it reads and closes its end; the
 * send is done when the connection has closed cleanly after every byte was written.
 *
 * A printer that does not close its end within the time counts as not answering, even when the bytes were written:
 * the job is tried again and the kitchen may get the ticket twice, which a cook notices, where a ticket lost would
 * be a dish never cooked.
 */

export class PrinterError extends Error {
  override readonly name = 'PrinterError';

  /**
   * @param message Uzbek, for the staff who see why a ticket did not print (server/messages/kitchen.ts).
   * @param retryable Whether trying again later may succeed (the printer off or busy) or not (an impossible address).
   */
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PrinterTarget {
  host: string;
  port: number;
}

export const DEFAULT_PRINTER_TIMEOUT_MS = 5000;

/** Socket errors that mean no printer answered at that address now. */
const NO_ANSWER = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);
/** Socket errors that mean the printer dropped the connection under way. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function printerErrorOf(error: unknown): PrinterError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  let failure: PrinterError;
  if (NO_ANSWER.has(code)) failure = new PrinterError(messages.printerNoAnswer, true);
  else if (CONNECTION_LOST.has(code)) failure = new PrinterError(messages.printerConnectionLost, true);
  else if (code === 'ENOTFOUND') failure = new PrinterError(messages.printerUnknownHost, false);
  // Anything else the network says is taken as passing: the job is tried again.
  else failure = new PrinterError(messages.printerNoAnswer, true);
  failure.cause = error;
  return failure;
}

const validTarget = (target: PrinterTarget) =>
  typeof target.host === 'string' &&
  target.host.trim() !== '' &&
  (isIP(target.host) !== 0 || /^[A-Za-z0-9.-]+$/.test(target.host)) &&
  Number.isInteger(target.port) &&
  target.port > 0 &&
  target.port <= 65535;

export async function sendToPrinter(
  target: PrinterTarget,
  bytes: Uint8Array,
  opts: { timeoutMs?: number } = {},
): Promise<void> {
  if (!validTarget(target)) throw new PrinterError(messages.printerBadAddress, false);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_PRINTER_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    const socket = createConnection({ host: target.host, port: target.port });
    let written = false;
    let settled = false;
    const settle = (failure?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (failure) reject(failure);
      else resolve();
    };
    const timer = setTimeout(() => settle(new PrinterError(messages.printerNoAnswer, true)), timeoutMs);
    socket.once('connect', () => socket.end(bytes));
    socket.once('finish', () => {
      written = true;
    });
    // What a printer says back (status bytes) is not read by anyone: reading it lets its closing reach us.
    socket.resume();
    socket.on('error', (error) => settle(printerErrorOf(error)));
    socket.once('close', (hadError) => {
      settle(hadError || !written ? new PrinterError(messages.printerConnectionLost, true) : undefined);
    });
  });
}
