import type { FastifyInstance, RouteOptions } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

/** Methods a route can be declared with; anything else is counted as `other`, so no client can add a label value. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A request no route matched (a scanner's guesses, an old link): one label value, never the URL asked for. */
export const UNMATCHED_ROUTE = 'unmatched';
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A route whose 200 is a stream of Server-Sent Events: it lasts as long as the screen that follows it. */
function isEventStream(route: RouteOptions): boolean {
  const response = (route.schema?.response ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  return response[200]?.content?.['text/event-stream'] !== undefined;
}

/**
 * Request durations per route pattern (`/manager/orders/:id`, never the URL itself), method and status class, and the
 * event streams open now per route. A stream is left out of the durations: its "duration" is how long a tablet stayed
 * on the page, which would drown every other route's figure.
 */
export function instrumentRequests(app: FastifyInstance, registry: Registry): void {
  const durations = new Histogram({
    name: 'menyu_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const openStreams = new Gauge({
    name: 'menyu_event_streams_open',
    help: 'Server-Sent Events streams open now, by route pattern (the staff: /manager/events, /kitchen/events).',
    labelNames: ['route'],
    registers: [registry],
  });
  const streamRoutes = new Set<string>();

  app.addHook('onRoute', (route) => {
    if (isEventStream(route)) {
      streamRoutes.add(route.url);
      openStreams.set({ route: route.url }, 0);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !streamRoutes.has(route) || reply.statusCode !== 200 || reply.raw.destroyed) return;
    openStreams.inc({ route });
    reply.raw.once('close', () => openStreams.dec({ route }));
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (streamRoutes.has(route)) return;
    const method = METHODS.has(request.method) ? request.method : 'other';
    durations.observe({ route, method, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });
}
