import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** Prefixes that belong to the API: an unknown path under them is a JSON 404, never the SPA. */
const API_PREFIXES = ['/auth/', '/admin/', '/manager/', '/user/', '/uploads/', '/docs', '/health', '/menu'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/**
 * Serves the built SPA from `distDir`: hashed files under /assets are immutable and cached for a year,
 * index.html is always revalidated, and any other GET that wants HTML gets index.html (client routes).
 * `wildcard: true` makes files of a rebuild visible without a restart.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join(distDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsHtml && !isApiPath(request.url)) {
      if (!hasBuild) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The admin panel is not built yet: run `npm run build` (npm start does it for you).');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply.code(404).send(errorBody(404, `${request.method} ${request.url.split('?')[0]} manzili topilmadi.`));
  });
}
