import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currentRequestLog, runInRequest } from '../request-context';

/**
 * A logger that writes through the running request's logger when there is one, and through `fallback` otherwise (the
 * scheduled sync, the outbox senders). Work a request starts deep below its route (a manual POS sync) logs through it,
 * and so through Fastify's child logger of the request, whose every line carries its id (`reqId`), without each layer
 * passing a logger down (server/request-context.ts keeps the request).
 */
export function requestScopedLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(fallback, {
    get(target, property) {
      const log = currentRequestLog() ?? target;
      const value = Reflect.get(log, property, log);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}

/**
 * Enters the request (its id and logger) for its handler. preHandler, not onRequest: a body is read from the socket's events,
 * which run outside the context entered earlier, so only from here on is the request's context certain to carry.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', (request, _reply, done) => {
      runInRequest({ id: request.id, log: request.log }, done);
    });
  },
  { name: 'request-log' },
);
