import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The logger of the request whose handler is running, if any: Fastify's child logger, whose every line carries the
 * request's id (`reqId`). Work a request starts deep below its route (a manual POS sync) logs through
 * `requestScopedLog(app.log)` and so names the request without each layer passing a logger down.
 */
const current = new AsyncLocalStorage<FastifyBaseLogger>();

/** The running request's logger, or undefined outside a request (a background job). */
export function currentRequestLog(): FastifyBaseLogger | undefined {
  return current.getStore();
}

/**
 * A logger that writes through the running request's logger when there is one, and through `fallback` otherwise (the
 * scheduled sync, the outbox senders).
 */
export function requestScopedLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(fallback, {
    get(target, property) {
      const log = current.getStore() ?? target;
      const value = Reflect.get(log, property, log);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}

/**
 * Enters the request's logger for its handler. preHandler, not onRequest: a body is read from the socket's events,
 * which run outside the context entered earlier, so only from here on is the request's context certain to carry.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', (request, _reply, done) => {
      current.run(request.log, done);
    });
  },
  { name: 'request-log' },
);
