import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TillSender, type TillSenderOptions } from './till-sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends integration restaurants' orders to their tills (jobs/till-sender.ts). */
    tillSender: TillSender;
  }
}

/** What tests may shorten: retries, attempts, polling, the tick and the lease. */
export type TillSenderSettings = Omit<TillSenderOptions, 'deps'>;

/**
 * Starts the till sender in this process once the app is ready; before the database and the POS client close, it
 * stops claiming and the sendings under way finish. Registered after the integration plugin, whose POS it sends to.
 */
export const tillSenderPlugin = fp<{ settings?: TillSenderSettings }>(
  async (app: FastifyInstance, { settings }) => {
    const sender = new TillSender({
      ...settings,
      deps: { db: app.db, work: app.work, provider: app.integration.provider, log: app.log },
    });
    app.decorate('tillSender', sender);
    app.addHook('onReady', async () => sender.start());
    app.addHook('preClose', () => sender.stop());
  },
  { name: 'till-sender', dependencies: ['integration'] },
);
