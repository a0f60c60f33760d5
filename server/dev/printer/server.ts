import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { decodeTickets, type Paper } from './decode';

/**
 * A kitchen's network thermal printer on this machine, for demo mode and tests: it listens as a printer does on port
 * 9100 (raw TCP), takes each connection's bytes as one print job, and when the sender closes its end decodes them
 * (decode.ts) into the tickets the paper would show, then closes its own end as a printer does. Switched off, it does
 * not listen at all, so a sender is refused at once (as from a printer whose power is off or that has left the
 * network), and jobs under way are cut off.
 */

export interface PrintedTicket {
  /** Epoch ms it was printed. */
  at: number;
  paper: Paper;
}

export interface PrinterSimulator {
  host: string;
  port: number;
  /** The printed tickets, oldest first (the newest MAX_KEPT). */
  tickets(): PrintedTicket[];
  /**
   * Off: stops listening (a sender is refused) and cuts off the jobs under way. On: listens again on the same port;
   * with an IP address for a host, a send started after setOn(true) returns finds it listening.
   */
  setOn(on: boolean): void;
  isOn(): boolean;
  /** The printed tickets once there are at least `n`; rejects after `timeoutMs` (default 5000) with fewer. */
  waitForTickets(n: number, timeoutMs?: number): Promise<PrintedTicket[]>;
  close(): Promise<void>;
}

const MAX_KEPT = 200;
/** A print job larger than this is no ticket: the connection is cut off (a real printer's buffer is smaller still). */
const MAX_JOB_BYTES = 1024 * 1024;
const DEFAULT_WAIT_MS = 5000;

export async function startPrinterSimulator(opts: { port?: number; host?: string } = {}): Promise<PrinterSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const printed: PrintedTicket[] = [];
  const jobs = new Set<Socket>();
  const waiting = new Set<() => void>();
  let listener: Server | null = null;
  let on = true;
  let closed = false;

  const receive = (socket: Socket) => {
    jobs.add(socket);
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JOB_BYTES) socket.resetAndDestroy();
      else chunks.push(chunk);
    });
    socket.on('end', () => {
      const at = Date.now();
      for (const paper of decodeTickets(Buffer.concat(chunks))) printed.push({ at, paper });
      printed.splice(0, Math.max(0, printed.length - MAX_KEPT));
      for (const wake of waiting) wake();
      socket.end();
    });
    // A sender that gives up mid-job: nothing of it is printed.
    socket.on('error', () => {});
    socket.on('close', () => jobs.delete(socket));
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(receive);
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });

  /** Stops listening and cuts off the jobs under way; answers when the listener has closed. */
  const stopListening = () => {
    const server = listener;
    listener = null;
    for (const socket of jobs) socket.resetAndDestroy();
    jobs.clear();
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  };

  listener = await listen(opts.port ?? 0);
  const port = (listener.address() as AddressInfo).port;

  return {
    host,
    port,
    tickets: () => [...printed],
    isOn: () => on,
    setOn(next: boolean) {
      if (closed || next === on) return;
      on = next;
      if (!on) {
        void stopListening();
        return;
      }
      listen(port).then(
        (server) => {
          if (on && !closed) listener = server;
          else server.close();
        },
        // The port was taken meanwhile: the printer stays off, as the page shows.
        () => {
          on = false;
        },
      );
    },
    waitForTickets(n: number, timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise<PrintedTicket[]>((resolve, reject) => {
        const check = () => {
          if (printed.length < n) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve([...printed]);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`Printer simulator: ${printed.length} of ${n} tickets printed after ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    async close() {
      closed = true;
      on = false;
      await stopListening();
    },
  };
}
