import type { FastifyInstance } from 'fastify';
import { sweepUnusedUploads } from '../uploads/sweep';

/** First sweep a minute after start (not in the way of start-up), then every six hours. */
const FIRST_SWEEP_MS = 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Removes abandoned uploads in the background of a running server (see uploads/sweep.ts), from the app's image store
 * (the uploads folder or the bucket): once across the processes that share it and the database; a failed sweep is
 * logged and tried again next time.
 */
export function scheduleUploadSweep(app: FastifyInstance, dataDir: string): void {
  app.jobs.every(
    'upload-sweep',
    SWEEP_EVERY_MS,
    async () => {
      const removed = await sweepUnusedUploads(app.db, dataDir);
      if (removed.length > 0) app.log.info(`Removed ${removed.length} abandoned upload(s).`);
    },
    { firstAfterMs: FIRST_SWEEP_MS },
  );
}
