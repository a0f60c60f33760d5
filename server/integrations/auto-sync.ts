import type { FastifyInstance } from 'fastify';
import { integrationRestaurantIds } from '../repositories/restaurants';

/**
 * Keeps integration restaurants in step with the POS without anyone pressing 'sync': every `minutes`, each restaurant
 * linked to the configured provider is synced in turn (a stop-list set at the till reaches the diners' menu within
 * that time), by one of the processes sharing the database (jobs/scheduler.ts). Each run is recorded like a manual
 * one, so the restaurant view shows it; a failure is logged and the next restaurant goes on. A round that outlives
 * its interval, or whose server is closing, stops after the restaurant under way. 0 minutes: off.
 */
export function scheduleAutoSync(app: FastifyInstance, minutes: number): void {
  const provider = app.integration.provider;
  if (minutes === 0 || !provider) return;
  app.jobs.every('pos-sync', minutes * 60_000, async ({ signal }) => {
    for (const id of await integrationRestaurantIds(app.db, provider.name)) {
      if (signal.aborted) return;
      try {
        await app.integration.sync(id);
      } catch (error) {
        // Recorded as a failed run already (or a manual sync of it is running: 409); the others still go.
        app.log.warn({ err: error, restaurantId: id }, 'Scheduled POS sync failed');
      }
    }
  });
}
