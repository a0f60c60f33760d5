import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { messages } from '../messages';
import { documentRoute, finishDocument } from './openapi-document';

/**
 * swagger-ui's page loads only its own files from /docs/static (no inline script: the initializer is a file too);
 * its React views set inline style attributes and its CSS draws icons from data: URIs; "Try it out" calls this API.
 * No other site may frame it (a signed-in admin's "Execute" must never be clicked through someone else's page).
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const DOCS_HEADERS = {
  'content-security-policy': DOCS_CSP,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

const STATIC_PREFIX = '/docs/static/';
/**
 * swagger-ui's file names (`swagger-ui-bundle.js`). Anything else never reaches @fastify/static, which answers an
 * over-long or odd name with 403 'Forbidden' in English; here it is the API's 404.
 */
const STATIC_NAME = /^[\w-][\w.-]{0,99}$/;

export interface DocsOptions {
  /** PUBLIC_URL: named first in the document's `servers` when set. */
  publicUrl?: string | undefined;
}

/**
 * OpenAPI built from the routes' TypeBox schemas; browsable at /docs, raw at /docs/json. operationIds, public
 * operations' `security: []`, `servers` and the rest a route cannot say are derived in ./openapi-document.ts;
 * `npm run lint` lints the result with Redocly (scripts/openapi-lint.ts).
 */
export async function registerDocs(app: FastifyInstance, options: DocsOptions = {}): Promise<void> {
  await app.register(swagger, {
    transform: (route) => documentRoute(app, route),
    transformObject: (document) =>
      finishDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject, options),
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Menyu API',
        version: '1.0.0',
        description:
          'API of the Menyu QR-menu platform. Every error answers `{ statusCode, error, message }` with an Uzbek message. ' +
          'Calls under /admin need an admin token, /manager calls need a manager (or admin) token and only reach the ' +
          "caller's own restaurants, /user calls are public (an admin or the owning manager also sees inactive items).",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          kitchenDevice: {
            type: 'http',
            scheme: 'bearer',
            description: 'A kitchen device session (`kd_…`) from POST /kitchen/pair',
          },
        },
      },
    },
  });
  // Its own context, so the hooks below run for /docs answers only.
  await app.register(async function docsPages(docs) {
    docs.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith(STATIC_PREFIX) && !STATIC_NAME.test(path.slice(STATIC_PREFIX.length))) {
        throw notFound(messages.fileNotFound);
      }
    });
    docs.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(DOCS_HEADERS);
      done(null, payload);
    });
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
}
