import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's request id may look like to be kept: nginx's $request_id is 32 hex digits. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * A request's id in the log lines: nginx's X-Request-Id (deploy/nginx-proxy.conf) when it sent one, so one id
 * follows a request from the proxy's log into the app's, the outbox's and the sync's lines; otherwise a random one,
 * unique across processes (Fastify's own counter starts again at every start, in every process). A header that does
 * not look like an id (too long, odd characters) is not kept: it would only clutter the log.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && PROXY_REQUEST_ID.test(header) ? header : randomUUID();
}
