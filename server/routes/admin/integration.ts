import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../errors';
import { messages } from '../../messages';
import { findRestaurantById, presentManagedRestaurant } from '../../repositories/restaurants';
import { presentRun } from '../../repositories/sync-runs';
import { bearer, errors } from '../../schemas/common';
import {
  CreateIntegrationRestaurantAnswer,
  CreateIntegrationRestaurantBody,
  IntegrationRestaurantsAnswer,
  LastSyncAnswer,
  RestaurantIdParams,
  SyncAnswer,
} from '../../schemas/integration';
import type { RouteOptions } from '../options';

/**
 * Spec section 7, admin only: restaurants from the integration source (a POS), their creation and their sync.
 * The import and the sync are use cases (server/domain/integration/), bound to this app by app.integration
 * (server/integrations/service.ts); these handlers only check input and shape answers.
 */

export const adminIntegrationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const admin = app.requireRole('admin');
  const tags = ['admin: integration'];

  app.get(
    '/admin/integration/restaurants',
    {
      schema: {
        tags,
        summary: "The integration source's restaurants not linked yet",
        description: 'Asks the POS for its organizations and leaves out those a restaurant already mirrors.',
        security: bearer,
        response: { 200: IntegrationRestaurantsAnswer, ...errors(401, 403, 502, 503, 504) },
      },
      preHandler: admin,
    },
    async () => ({
      data: (await app.integration.listUnlinked()).map((org) => ({ id: org.id, name: org.name })),
    }),
  );

  app.post(
    '/admin/integration/restaurants/create',
    {
      schema: {
        tags,
        summary: 'Create a restaurant from the integration source and import its menu',
        description:
          'Creates a restaurant of type `integration` (slug from the name, made unique with -2, -3…), links it to the ' +
          'POS organization and imports categories, products, options, rows and the stop-list in one transaction. ' +
          `Both fields are required ('${messages.selectRestaurantAndManager}').`,
        security: bearer,
        body: CreateIntegrationRestaurantBody,
        response: { 201: CreateIntegrationRestaurantAnswer, ...errors(400, 401, 403, 404, 409, 502, 503, 504) },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const organizationId = request.body.id?.trim() ?? '';
      const managerId = request.body.manager_id?.trim() ?? '';
      if (organizationId === '' || managerId === '') throw badRequest(messages.selectRestaurantAndManager);
      const outcome = await app.integration.createRestaurant(organizationId, managerId);
      const row = await findRestaurantById(app.db, outcome.restaurantId);
      return reply.code(201).send({ data: presentManagedRestaurant(row!, request.viewer), sync: outcome.counts });
    },
  );

  app.put(
    '/admin/integration/restaurants/:id/sync',
    {
      schema: {
        tags,
        summary: 'Synchronise an integration restaurant with its POS',
        description:
          'Fetches the menu and stop-list, then applies them in one transaction (docs/integration.md). 409 while ' +
          'another sync of the restaurant runs, or for a restaurant that is not of type integration; 502/504 with ' +
          `'${messages.syncFailed}' when the POS fails or does not answer in time (nothing changes).`,
        security: bearer,
        params: RestaurantIdParams,
        response: { 200: SyncAnswer, ...errors(400, 401, 403, 404, 409, 502, 503, 504) },
      },
      preHandler: admin,
    },
    async (request) => {
      const outcome = await app.integration.sync(request.params.id);
      return { data: outcome.counts, run: presentRun(outcome.run) };
    },
  );

  app.get(
    '/admin/integration/restaurants/:id/last-sync',
    {
      schema: {
        tags,
        summary: "A restaurant's last sync (for the restaurant view)",
        description: 'The most recent sync run, running or finished, or null when the restaurant was never synced.',
        security: bearer,
        params: RestaurantIdParams,
        response: { 200: LastSyncAnswer, ...errors(400, 401, 403, 404) },
      },
      preHandler: admin,
    },
    async (request) => {
      const run = await app.integration.lastRun(request.params.id);
      return { data: run ? presentRun(run) : null };
    },
  );
};
