import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI built from the routes' TypeBox schemas; browsable at /docs, raw at /docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
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
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
