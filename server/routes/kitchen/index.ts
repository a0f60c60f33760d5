import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  deviceById,
  deviceOfSession,
  type KitchenDeviceSession,
  KitchenPairing,
  PAIRING_LIMITS,
} from '../../domain/kitchen/devices';
import { kitchenOrders } from '../../domain/kitchen/kitchen-orders';
import { kitchenViewOf } from '../../domain/kitchen/kitchen-view';
import { moveLines } from '../../domain/kitchen/line-moves';
import { HttpError, notFound, unauthorized } from '../../errors';
import { StaffEventsHub } from '../../events/hub';
import { signKitchenTicket, verifyKitchenTicket } from '../../events/kitchen-tickets';
import { EventsHeaders } from '../../events/schemas';
import { openStaffEventsStream } from '../../events/stream';
import { TICKET_TTL_SECONDS } from '../../events/tickets';
import { messages } from '../../messages';
import { useEventTicket } from '../../repositories/event-tickets';
import { presentStaffOrder } from '../../repositories/orders';
import { settledStaffEventId } from '../../repositories/staff-events';
import { errors, IdParams, Text } from '../../schemas/common';
import {
  type KitchenDeviceInfoView,
  KitchenLineParams,
  KitchenOrderAnswer,
  KitchenOrdersAnswer,
  LineMoveBody,
  PairAnswer,
  PairBody,
} from '../../schemas/kitchen';
import type { StaffOrderView } from '../../schemas/table-orders';
import type { RouteOptions } from '../options';

const deviceAuth = [{ kitchenDevice: [] }];

/** The device session a call sends as `Authorization: Bearer kd_…`, or a 401. */
function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/i.exec(header);
  if (!match) throw unauthorized(messages.kitchenSessionInvalid);
  return match[1]!;
}

function deviceInfo(device: KitchenDeviceSession): KitchenDeviceInfoView {
  return { _id: device._id, name: device.name, restaurant: device.restaurant, station: device.station };
}

const TicketAnswer = Type.Object({
  data: Type.Object({
    ticket: Type.String({ description: 'For GET /kitchen/events: good for one minute and one connection' }),
    expires_in: Type.Integer(),
  }),
});
const KitchenEventsQuery = Type.Object({
  ticket: Type.Optional(Text({ maxLength: 2000, description: 'From POST /kitchen/events/ticket' })),
  last_event_id: Type.Optional(Text({ pattern: '^(0|[1-9][0-9]{0,14})$', description: 'Resume after this event id' })),
});

/**
 * What a paired kitchen device calls: its station's open orders, moving their lines, and their live changes. Nothing
 * else answers a device session (a /manager call with it is a 401), and a panel session is no device session here.
 */
export const kitchenRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const deps = { db: app.db, work: app.work };
  const tags = ['kitchen'];
  const pairing = new KitchenPairing(deps, PAIRING_LIMITS, app.sharedLimits);
  const hub = new StaffEventsHub(app.database, app.log);
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());
  const device = (request: FastifyRequest) => deviceOfSession(deps, bearerOf(request));

  app.post(
    '/kitchen/pair',
    {
      schema: {
        tags,
        summary: 'Pair a kitchen tablet with the code shown in the panel',
        description:
          'The six digits from POST /manager/restaurants/{id}/kitchen-devices, within ten minutes, once. Answers the ' +
          "device's session token. Wrong codes are limited per address and overall (429 with the wait).",
        security: [],
        body: PairBody,
        response: { 200: PairAnswer, ...errors(400, 429) },
      },
    },
    async (request) => pairing.pair(request.body.code, request.ip),
  );

  app.get(
    '/kitchen/orders',
    {
      schema: {
        tags,
        summary: "The open orders with this device's station's lines",
        description:
          'Oldest first; each with only the lines of the station the device shows (every line for a device of all ' +
          'stations), and `device` says which restaurant and station that is.',
        security: deviceAuth,
        response: { 200: KitchenOrdersAnswer, ...errors(401) },
      },
    },
    async (request) => {
      const session = await device(request);
      return { data: await kitchenOrders(deps, session), device: deviceInfo(session) };
    },
  );

  const answer = (order: StaffOrderView, session: KitchenDeviceSession) => {
    const view = kitchenViewOf(order, session.station);
    if (!view) throw notFound(messages.orderNotFound);
    return { data: view };
  };

  app.put(
    '/kitchen/orders/:id/items/:index',
    {
      schema: {
        tags,
        summary: "Move a line of this station's",
        description:
          'Forward (new → cooking → ready → served, a step or more), or back one step as the undo of its last move ' +
          "within a minute. 403: another station's line; 404: an order or line this device does not see; 409: a move " +
          'the rules refuse (the message says why).',
        security: deviceAuth,
        params: KitchenLineParams,
        body: LineMoveBody,
        response: { 200: KitchenOrderAnswer, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const session = await device(request);
      const order = await moveLines(
        deps,
        { kind: 'device', device: session },
        request.params.id,
        { index: Number(request.params.index) },
        request.body.status,
      );
      return answer(presentStaffOrder(order), session);
    },
  );

  app.post(
    '/kitchen/orders/:id/ready',
    {
      schema: {
        tags,
        summary: '"Hammasi tayyor": every line of this station ready',
        description:
          'Lines not yet ready become ready; lines ready or served stay. 409 when none is left to make ready.',
        security: deviceAuth,
        params: IdParams,
        response: { 200: KitchenOrderAnswer, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const session = await device(request);
      const order = await moveLines(
        deps,
        { kind: 'device', device: session },
        request.params.id,
        { station: 'all' },
        'ready',
      );
      return answer(presentStaffOrder(order), session);
    },
  );

  app.post(
    '/kitchen/events/ticket',
    {
      schema: {
        tags,
        summary: "A ticket to open this device's live stream",
        description: `Good for ${TICKET_TTL_SECONDS} seconds and one connection of GET /kitchen/events.`,
        security: deviceAuth,
        response: { 200: TicketAnswer, ...errors(401) },
      },
    },
    async (request) => {
      const session = await device(request);
      return { data: { ticket: signKitchenTicket(app, session._id), expires_in: TICKET_TTL_SECONDS } };
    },
  );

  app.get(
    '/kitchen/events',
    {
      schema: {
        tags,
        summary: "Live changes of this station's orders (Server-Sent Events)",
        description:
          'Each event: `id:`, `event:` (order.created or order.updated) and `data:` the order as GET /kitchen/orders ' +
          'answers it, with `open` false when the display should drop it. Orders without a line of this station are ' +
          'not sent. With `last_event_id` (or Last-Event-ID) what was missed is sent first, each once.',
        security: [],
        querystring: KitchenEventsQuery,
        headers: EventsHeaders,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors(400, 401),
        },
      },
      compress: false,
    },
    async (request, reply) => {
      let gone = false;
      let body: Awaited<ReturnType<typeof openStaffEventsStream>> | undefined;
      reply.raw.once('close', () => {
        gone = true;
        body?.destroy();
      });
      const { ticket, last_event_id } = request.query;
      if (!ticket) throw unauthorized(messages.eventTicketRequired);
      const claims = verifyKitchenTicket(app, ticket);
      if (!claims) throw unauthorized(messages.eventTicketInvalid);
      // Once only, in every process: a ticket seen in a log opens nothing.
      if (!(await useEventTicket(app.db, claims.jti))) throw unauthorized(messages.eventTicketInvalid);
      const session = await deviceById(deps, claims.dev);
      const resumeFrom = last_event_id ?? request.headers['last-event-id'];
      const afterId = resumeFrom === undefined ? await settledStaffEventId(app.db) : Number(resumeFrom);
      body = await openStaffEventsStream({
        db: app.db,
        hub,
        restaurantIds: [session.restaurant._id],
        userId: session._id,
        afterId,
        // A device removed in the panel loses its stream within the recheck.
        stillAllowed: async () => {
          try {
            await deviceById(deps, session._id);
            return true;
          } catch (error) {
            if (error instanceof HttpError) return false;
            throw error;
          }
        },
        recheckMs: options.eventsRecheckMs,
        present: (row) => {
          if (row.type !== 'order.created' && row.type !== 'order.updated') return undefined;
          const view = kitchenViewOf(row.data as StaffOrderView, session.station);
          return view ? ({ ...row, data: view } as unknown as typeof row) : undefined;
        },
      });
      if (gone || reply.raw.destroyed) body.destroy();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(body as never);
    },
  );
};
