import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { Type } from 'typebox';
import type { Database } from '../db/client';
import { databasePoolMetrics, outboxMetrics } from '../metrics/database';
import { instrumentRequests } from '../metrics/http';
import { menuCacheMetrics } from '../metrics/menu-cache';
import { posSyncMetrics, type SyncMetrics } from '../metrics/pos-sync';
import { carriesBearer } from '../metrics/token';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** What other parts of the server report to /metrics (a POS sync's end). */
    metrics: SyncMetrics;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN; undefined: nothing is collected and /metrics is not served (404). */
  token: string | undefined;
  database: Database;
}

const PrometheusText = { description: 'Prometheus text exposition format 0.0.4', type: 'string' } as const;
const OperatorError = Type.Object({ statusCode: Type.Integer(), error: Type.String(), message: Type.String() });

/**
 * GET /metrics in Prometheus' text format (docs/operations.md lists the series), for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it is off: the figures (routes, backlogs, pools)
 * describe the platform to whoever reads them, and a server must not publish them because someone forgot a setting.
 * Registered before the routes, so each one's pattern is known and timed. Each app has a registry of its own.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { token, database }) => {
    if (token === undefined) {
      app.decorate('metrics', { syncEnded: () => {} });
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    instrumentRequests(app, registry);
    databasePoolMetrics(registry, database);
    outboxMetrics(registry, () => database.db, app.log);
    menuCacheMetrics(registry, () => (app.hasDecorator('menuCacheMemory') ? app.menuCacheMemory : undefined));
    app.decorate('metrics', posSyncMetrics(registry));

    app.get(
      '/metrics',
      {
        schema: {
          tags: ['health'],
          summary: "The server's metrics for Prometheus (needs METRICS_TOKEN)",
          description:
            'Answers only `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN set the path does not exist (404).',
          hide: true,
          response: {
            200: { description: 'The metrics', content: { 'text/plain': { schema: PrometheusText } } },
            401: OperatorError,
          },
        },
        // A scrape every few seconds need not spend CPU on compressing it.
        compress: false,
      },
      async (request, reply) => {
        if (!carriesBearer(request.headers.authorization, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send(errorBody(401, 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>'));
        }
        const text = await registry.metrics();
        return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  },
  { name: 'metrics' },
);
