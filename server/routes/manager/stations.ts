import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createStation, deleteStation, listStations, updateStation } from '../../domain/kitchen/stations';
import { messages } from '../../messages';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import {
  CreateStationBody,
  STATIONS_MAX,
  StationAnswer,
  StationListAnswer,
  UpdateStationBody,
} from '../../schemas/kitchen';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/**
 * A restaurant's kitchen stations ("Oshxona", "Bar", "Mangal"): where each category's dishes are made, shown and
 * printed. Admins and the owning manager only (401 anonymous, 403 a kitchen device, 404 another manager's).
 */
export const managerStationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['kitchen'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/restaurants/:id/stations',
    {
      schema: {
        tags,
        summary: "A restaurant's kitchen stations",
        description: 'In their order; the first takes the categories that name no station.',
        security: bearer,
        params: IdParams,
        response: { 200: StationListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => ({ data: await listStations(deps, authenticated(request), request.params.id) }),
  );

  app.post(
    '/manager/restaurants/:id/stations',
    {
      schema: {
        tags,
        summary: 'Add a kitchen station',
        description:
          `At most ${STATIONS_MAX} per restaurant; a name the restaurant has (whatever the case) is a 409. Without ` +
          '`position` it goes last; without `printer` it prints nothing; `print_on` defaults to `placed`, the ' +
          'thresholds to 10 and 20 minutes.',
        security: bearer,
        params: IdParams,
        body: CreateStationBody,
        response: { 201: StationAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const station = await createStation(deps, authenticated(request), request.params.id, request.body);
      return reply.code(201).send({ data: station });
    },
  );

  app.put(
    '/manager/stations/:id',
    {
      schema: {
        tags,
        summary: 'Change a kitchen station',
        description:
          'Only the fields sent change. `printer: null` removes its printer (tickets not yet printed are dropped).',
        security: bearer,
        params: IdParams,
        body: UpdateStationBody,
        response: { 200: StationAnswer, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => ({
      data: await updateStation(deps, authenticated(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/manager/stations/:id',
    {
      schema: {
        tags,
        summary: 'Delete a kitchen station',
        description:
          "Its categories go to the restaurant's first station; its tickets not yet printed are dropped. 409 while a " +
          'kitchen device shows this station alone (remove the device first).',
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request) => {
      await deleteStation(deps, authenticated(request), request.params.id);
      return deleted(messages.stationDeleted);
    },
  );
};
