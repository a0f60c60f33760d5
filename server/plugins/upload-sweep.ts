import type { FastifyInstance } from 'fastify';
import { sweepUnusedUploads } from '../uploads/sweep';

/** First sweep a minute after start (not in the way of start-up), then every six hours. */
const FIRST_SWEEP_MS = 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Removes abandoned uploads in the background of a running server (see uploads/sweep.ts). Timers are unref'd and
 * cleared on close, so they never keep the process alive; a failed sweep is logged and tried again next time.
 */
export function scheduleUploadSweep(app: FastifyInstance, dataDir: string): void {
  const sweep = async () => {
    try {
      const removed = await sweepUnusedUploads(app.db, dataDir);
      if (removed.length > 0) app.log.info(`Removed ${removed.length} abandoned upload(s).`);
    } catch (error) {
      app.log.warn({ err: error }, 'Sweeping abandoned uploads failed');
    }
  };
  const first = setTimeout(sweep, FIRST_SWEEP_MS).unref();
  const every = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
