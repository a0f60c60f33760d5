import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createDevice, listDevices, PAIRING_CODE_SECONDS, removeDevice } from '../../domain/kitchen/devices';
import { messages } from '../../messages';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import {
  CreateKitchenDeviceBody,
  KITCHEN_DEVICES_MAX,
  KitchenDeviceListAnswer,
  KitchenDevicePairing,
} from '../../schemas/kitchen';
import { authenticated } from '../../viewer';
import { deleted } from '../deleted';
import type { RouteOptions } from '../options';

/**
 * Kitchen devices: tablets paired to a restaurant's kitchen with a one-time code, instead of a manager's password.
 * Admins and the owning manager only (401 anonymous, 403 a kitchen device, 404 another manager's).
 */
export const managerKitchenDeviceRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['kitchen'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/restaurants/:id/kitchen-devices',
    {
      schema: {
        tags,
        summary: "A restaurant's kitchen devices",
        description:
          'Newest first, each with its state (waiting for its tablet, paired, code expired) and last activity.',
        security: bearer,
        params: IdParams,
        response: { 200: KitchenDeviceListAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => ({ data: await listDevices(deps, authenticated(request), request.params.id) }),
  );

  app.post(
    '/manager/restaurants/:id/kitchen-devices',
    {
      schema: {
        tags,
        summary: 'Add a kitchen device: a pairing code for a tablet',
        description:
          `The answer's \`code\` (six digits) is shown this once: the tablet enters it at /kitchen within ` +
          `${PAIRING_CODE_SECONDS / 60} minutes, once (POST /kitchen/pair). \`station_id\` null: the device shows ` +
          `every station. At most ${KITCHEN_DEVICES_MAX} devices per restaurant.`,
        security: bearer,
        params: IdParams,
        body: CreateKitchenDeviceBody,
        response: { 201: KitchenDevicePairing, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const pairing = await createDevice(deps, authenticated(request), request.params.id, request.body);
      return reply.code(201).send({ data: pairing });
    },
  );

  app.delete(
    '/manager/kitchen-devices/:id',
    {
      schema: {
        tags,
        summary: 'Remove a kitchen device',
        description: "Its session ends at once: the tablet's next call answers 401.",
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      await removeDevice(deps, authenticated(request), request.params.id);
      return deleted(messages.deviceRemoved);
    },
  );
};
