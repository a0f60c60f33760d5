import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer of this server carries, decided in one onSend hook (it runs on /health and the public reads
 * too, so it only compares and sets two strings):
 * - `X-Content-Type-Options: nosniff`: a browser never reads JSON, an uploaded image or a script as another type.
 * - `Cache-Control: no-store` on every answer that did not choose its own caching: API answers carry bot tokens,
 *   managers and unpublished menus, which no browser history or shared proxy may keep. Answers that are meant to be
 *   cached say so themselves (the panel's assets and /uploads immutable, the menu pages and QR codes `no-cache` with
 *   an ETag) and keep it.
 * - Errors are always `no-store`, even when the route had set a cache header before it failed: a transient 404 or 500
 *   must never be kept as if it were the file.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.headers(NOT_STORED);
    else reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
}

/** What the hook gives an error; answers Fastify makes before any hook can run (see url-errors.ts) set it themselves. */
export const NOT_STORED = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } as const;
