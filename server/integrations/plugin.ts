import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openIntegrationSource } from './registry';
import { IntegrationService } from './sync';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration source (POS) and its import/sync operations; see server/integrations/sync.ts. */
    integration: IntegrationService;
  }
}

/**
 * Opens the configured integration source when the app starts (in demo mode that starts the POS simulator) and
 * closes it with the app. Registered at app level so tests can shorten `app.integration.syncTimeoutMs`.
 */
export const integrationPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const source = await openIntegrationSource(config);
    app.addHook('onClose', () => source.close());
    if (source.simulator) {
      app.log.info(
        `POS simulator (iiko Cloud API) at ${source.simulator.url}, apiLogin "${source.simulator.apiLogin}"`,
      );
    }
    app.decorate(
      'integration',
      new IntegrationService({
        db: app.db,
        provider: source.provider,
        simulator: source.simulator,
        menuChanged: (restaurantId) => app.menuChanged(restaurantId),
        log: app.log,
      }),
    );
  },
  { name: 'integration' },
);
