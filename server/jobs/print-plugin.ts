import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PrintSender, type PrintSenderOptions } from './print-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prints the kitchen's tickets (jobs/print-sender.ts). */
    printSender: PrintSender;
  }
}

/** What tests may shorten or allow: retries, attempts, the tick, the lease, printing to this machine. */
export type PrintSenderSettings = Omit<PrintSenderOptions, 'deps'>;

/** Starts the ticket printer job in this process once the app is ready; stops it (prints under way finish) before closing. */
export const printSenderPlugin = fp<{ settings?: PrintSenderSettings; demo: boolean }>(
  async (app: FastifyInstance, { settings, demo }) => {
    const sender = new PrintSender({
      // Demo mode prints to its simulator on this machine.
      allowLoopback: demo,
      ...settings,
      deps: { db: app.db, work: app.work, log: app.log },
    });
    app.decorate('printSender', sender);
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', () => sender.stop());
  },
  { name: 'print-sender' },
);
