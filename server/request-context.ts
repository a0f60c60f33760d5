import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The request whose handler is running, if any, carried through every await below it (plugins/request-log.ts enters
 * it): its id (the proxy's X-Request-Id when it sent one, server/request-id.ts) and its logger, whose lines name it.
 * A leaf with no imports of the server's, so every floor may read it: the use cases' logs name the request without
 * being handed a logger, and an outbox row records the request that queued it.
 */
export interface RequestContext {
  id: string;
  log: FastifyBaseLogger;
}

const current = new AsyncLocalStorage<RequestContext>();

/** Runs `work` as the request's (everything it awaits sees the request). */
export function runInRequest<T>(request: RequestContext, work: () => T): T {
  return current.run(request, work);
}

/** The running request's logger, or undefined outside a request (a background job). */
export function currentRequestLog(): FastifyBaseLogger | undefined {
  return current.getStore()?.log;
}

/** The running request's id, or null outside a request (what an outbox row records). */
export function currentRequestId(): string | null {
  return current.getStore()?.id ?? null;
}
