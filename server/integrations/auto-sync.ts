import type { FastifyInstance } from 'fastify';
import { integrationRestaurantIds } from '../repositories/restaurants';

/**
 * Keeps integration restaurants in step with the POS without anyone pressing 'sync': every `minutes`, each restaurant
 * linked to the configured provider is synced in turn (a stop-list set at the till reaches the diners' menu within
 * that time). Each run is recorded like a manual one, so the restaurant view shows it; a failure is logged and the
 * next restaurant goes on. A round still running when the next is due is not doubled. 0 minutes: off.
 */
export function scheduleAutoSync(app: FastifyInstance, minutes: number): void {
  const provider = app.integration.provider;
  if (minutes === 0 || !provider) return;
  let running: Promise<void> | null = null;

  const round = async () => {
    for (const _id of await integrationRestaurantIds(app.db, provider.name)) {
      try {
        await app.integration.sync(_id);
      } catch (error) {
        // Recorded as a failed run already (or a manual sync of it is running: 409); the others still go.
        app.log.warn({ err: error, restaurantId: _id }, 'Scheduled POS sync failed');
      }
    }
  };

  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .catch((error: unknown) => app.log.warn({ err: error }, 'Scheduled POS sync could not start'))
      .finally(() => {
        running = null;
      });
  }, minutes * 60_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
