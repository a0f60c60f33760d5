import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SharedLimits } from '../domain/shared-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits added up across the processes on this database (domain/shared-limits.ts). */
    sharedLimits: SharedLimits;
  }
}

/** How often each process adds its counts to the shared windows: the most a limit can be overrun by, per process. */
export const SHARE_LIMITS_MS = 1000;

export interface SharedLimitsOptions {
  /**
   * Share at all: by default on PostgreSQL (where several processes may serve one database) and not on the embedded
   * database, which one process owns; tests turn it on to stand two apps on one database.
   */
  share?: boolean;
  intervalMs?: number;
}

/** Registered before the routes that count attempts; the last counts are shared when the app closes. */
export const sharedLimitsPlugin = fp<SharedLimitsOptions>(async (app: FastifyInstance, options) => {
  const limits = new SharedLimits(app.db);
  app.decorate('sharedLimits', limits);
  if (!(options.share ?? app.database.kind === 'postgres')) return;
  const share = () =>
    limits.share().catch((error: unknown) => app.log.warn({ err: error }, 'Sharing the abuse limits failed'));
  const timer = setInterval(share, options.intervalMs ?? SHARE_LIMITS_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await share();
  });
});
