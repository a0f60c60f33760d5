import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../messages';
import { errorBody } from './errors';

/** Paths the server itself answers with HTML or files: never replaced by the SPA. */
// /dev: demo mode's simulator pages (/dev/telegram, /dev/payme, /dev/click); /telegram: Telegram's webhook calls;
// /payments: Payme's and Click's calls.
const SERVER_PAGES = ['/docs', '/menu', '/uploads', '/health', '/assets', '/dev', '/telegram', '/payments'];

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

/** Every answer that is the panel's page, however it was asked for (`/`, `/index.html`, a client route, HEAD). */
const PANEL_HEADERS = {
  'content-security-policy': PANEL_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // Revalidated on every load, so a new release of the panel is picked up at once (its assets have new names).
  'cache-control': 'no-cache',
};

/** send's own Cache-Control is off for the page: PANEL_HEADERS says `no-cache`. */
const PAGE_FILE = { cacheControl: false };
/**
 * Asset names carry a content hash, so a name is never reused for other content. Immutable: a browser never asks
 * again, so no ETag or Last-Modified either (about 90 bytes of headers on each of the ~10 files of the first load,
 * which the login page's 140 KB budget counts). No Accept-Ranges: a few-kilobyte script or stylesheet, sent
 * compressed, is never fetched in parts (another 22 bytes on each).
 */
const ASSET_FILE = {
  maxAge: 365 * 24 * 3600 * 1000,
  immutable: true,
  etag: false,
  lastModified: false,
  acceptRanges: false,
};

/**
 * The names Vite gives the built files (`index-D86kAoaG.js`): one path segment, no leading dot, well under the 255
 * bytes a file name may have. Anything else is not ours and never reaches the file system, where an over-long name
 * would fail with ENAMETOOLONG (answered 403 'Forbidden' by @fastify/static) and `..` would climb out.
 */
const ASSET_NAME = /^[\w-][\w.-]{0,199}$/;

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/**
 * A browser navigation (GET or HEAD asking for text/html) to any client route gets index.html — even where an API
 * call shares the path (`/admin/restaurants` is both a panel screen and an API call; the API client asks for JSON).
 */
function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const path = pathOf(request.url);
  if (/\.[a-z0-9]+$/i.test(path)) return false; // a file such as /favicon.ico
  return !SERVER_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Serves the built panel from `distDir`, and only it: the page (`/`, `/index.html` and every browser navigation, for
 * any Accept header, so a load balancer's health check of `/` gets the panel too) and the hashed files under
 * /assets, immutable for a year. Files are looked up per request, so a rebuild is served without a restart. Every
 * other path, however long or odd, is the API's Uzbek 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const assetsDir = join(distDir, 'assets');
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.code(503).send(errorBody(503, messages.panelNotBuilt));
    }
    return reply.headers(PANEL_HEADERS).sendFile('index.html', distDir, PAGE_FILE);
  };

  // serve: false — no wildcard route over the whole folder; the routes below name what is served.
  // preCompressed: the build wrote `.br` and `.gz` beside each text file (scripts/precompress.ts); the one the
  // browser accepts is sent as it is (Vary: Accept-Encoding), the original when it accepts neither or no copy exists.
  await app.register(fastifyStatic, { root: distDir, serve: false, preCompressed: true });

  app.addHook('onRequest', async (request, reply) => {
    if (isNavigation(request)) return sendIndex(reply);
  });

  const hidden = { schema: { hide: true } };
  app.get('/', hidden, (_request, reply) => sendIndex(reply));
  app.get('/index.html', hidden, (_request, reply) => sendIndex(reply));
  app.get<{ Params: { file: string } }>('/assets/:file', hidden, (request, reply) => {
    if (!ASSET_NAME.test(request.params.file)) return reply.callNotFound();
    return reply.sendFile(request.params.file, assetsDir, ASSET_FILE);
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(errorBody(404, messages.routeNotFound(request.method, pathOf(request.url))));
  });
}
