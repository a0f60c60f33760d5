import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

/** Paths the server itself answers with HTML or files: never replaced by the SPA. */
const SERVER_PAGES = ['/docs', '/menu', '/uploads', '/health', '/assets'];

/**
 * The panel's page: its scripts and styles come only from this server (the built bundle); images also from data: URIs
 * (placeholders, Bootstrap's icons) and https (pictures a POS gives); it talks only to this API; and no other site may
 * frame it (an admin's delete button must never be clicked through someone else's page). Inline style attributes are
 * allowed: react-bootstrap sets them (progress bars, transitions).
 */
export const PANEL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PANEL_HEADERS = {
  'content-security-policy': PANEL_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/**
 * A browser navigation (GET asking for text/html) to any client route gets index.html — even where an API call
 * shares the path (`/admin/restaurants` is both a panel screen and an API call; the API client asks for JSON).
 */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const path = pathOf(request.url);
  if (/\.[a-z0-9]+$/i.test(path)) return false; // a file such as /favicon.ico
  return !SERVER_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built SPA from `distDir`: hashed files under /assets are immutable and cached for a year,
 * index.html is always revalidated. `wildcard: true` makes files of a rebuild visible without a restart.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The admin panel is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').headers(PANEL_HEADERS).sendFile('index.html', distDir);
  };

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        const immutable = path.startsWith(join(distDir, 'assets'));
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if (isNavigation(request)) return sendIndex(reply);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(errorBody(404, `${request.method} ${pathOf(request.url)} manzili topilmadi.`));
  });
}
