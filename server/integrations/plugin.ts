import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { requestScopedLog } from '../plugins/request-log';
import { openIntegrationSource } from './registry';
import { IntegrationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The integration source (POS) and its import/sync operations; see server/integrations/service.ts. */
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
      // Demo mode only (the simulator runs only then): its till at /dev/iiko; a production start imports nothing of server/dev.
      await (await import('../dev/pos/dev-page')).registerIikoDevPage(app, source.simulator);
      app.log.info(
        `POS simulator (iiko Cloud API) at ${source.simulator.url}, apiLogin "${source.simulator.apiLogin}"; its till at /dev/iiko`,
      );
    }
    app.decorate(
      'integration',
      new IntegrationService({
        deps: { db: app.db, work: app.work },
        provider: source.provider,
        simulator: source.simulator,
        // A manual sync's lines carry its request's id; a scheduled one's are the app's.
        log: requestScopedLog(app.log),
        onSyncEnded: (seconds, outcome) => app.metrics?.syncEnded(seconds, outcome),
      }),
    );
  },
  { name: 'integration' },
);
