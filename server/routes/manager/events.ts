import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { restaurantForWrite } from '../../access';
import { badRequest, HttpError, notFound, unauthorized } from '../../errors';
import { MAX_STREAMS_PER_USER, StaffEventsHub } from '../../events/hub';
import { EVENT_STREAM_DESCRIPTION, EventsHeaders, EventsQuery, TicketAnswer, TicketBody } from '../../events/schemas';
import { openStaffEventsStream } from '../../events/stream';
import { signTicket, TICKET_TTL_SECONDS, type TicketClaims, verifyTicket } from '../../events/tickets';
import { messages } from '../../messages';
import { useEventTicket } from '../../repositories/event-tickets';
import { findRestaurantRecord, listRestaurants } from '../../repositories/restaurants';
import { settledStaffEventId } from '../../repositories/staff-events';
import { findSessionUser } from '../../repositories/users';
import { bearer, errors } from '../../schemas/common';
import { authenticated, ownsRestaurant, type Viewer } from '../../viewer';
import type { RouteOptions } from '../options';

// The API tests compare answers with these names.
export const TICKET_REQUIRED = messages.eventTicketRequired;
export const TICKET_INVALID = messages.eventTicketInvalid;

/**
 * Who a ticket is for, checked again now (it was issued up to a minute ago): the user still active with the same
 * session version (a new password or a deactivation ends their tickets too), a demo account only in demo mode.
 */
async function ticketViewer(app: FastifyInstance, claims: TicketClaims, demo: boolean): Promise<Viewer> {
  const user = await findSessionUser(app.db, claims.sub);
  if (!user?.is_active || user.session_version !== claims.sv || (user.is_demo && !demo)) {
    throw unauthorized(messages.eventTicketInvalid);
  }
  return { _id: user._id, role: user.role, login: user.login };
}

/** The restaurants the stream follows: the ticket's one if the user still owns it, or all of a manager's. */
async function followedRestaurants(app: FastifyInstance, viewer: Viewer, restaurantId: string | null) {
  if (restaurantId) {
    const restaurant = await findRestaurantRecord(app.db, restaurantId);
    if (!restaurant || !ownsRestaurant(viewer, restaurant)) throw notFound(messages.restaurantNotFound);
    return [restaurantId];
  }
  if (viewer.role === 'admin') throw badRequest(messages.fieldRequired('restaurant_id'));
  return (await listRestaurants(app.db, viewer._id)).map((restaurant) => restaurant._id);
}

/**
 * The staff's live events: new and changed orders and calls as Server-Sent Events, for admins and the
 * owning manager. EventSource sends no Authorization header, so the browser first trades its token for a ticket
 * (events/tickets.ts) and opens the stream with it in the URL.
 */
export const managerEventRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['ordering'];
  const hub = new StaffEventsHub(app.database, app.log, options.streamsPerUser);
  // Before the server stops listening: it waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());

  app.post(
    '/manager/events/ticket',
    {
      schema: {
        tags,
        operationId: 'createManagerEventsTicket',
        summary: 'A short-lived ticket to open the live events stream',
        description:
          `Good for ${TICKET_TTL_SECONDS} seconds and only for GET /manager/events (it is no session token, and a ` +
          'session token is no ticket). Ask for a new one before every connection, reconnects included. A manager ' +
          'without `restaurant_id` follows all their restaurants; an admin must name one.',
        security: bearer,
        body: TicketBody,
        response: { 200: TicketAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => {
      const viewer = authenticated(request);
      // The body is an object (the schema refuses anything else); restaurant_id may be left out.
      const restaurantId = request.body.restaurant_id;
      if (restaurantId) await restaurantForWrite(app.db, viewer, restaurantId);
      else if (viewer.role === 'admin') throw badRequest(messages.fieldRequired('restaurant_id'));
      // The auth plugin has checked that the token's session version is the user's current one.
      const ticket = signTicket(app, { _id: viewer._id, session_version: request.user.sv ?? 0 }, restaurantId ?? null);
      return { data: { ticket, expires_in: TICKET_TTL_SECONDS } };
    },
  );

  app.get(
    '/manager/events',
    {
      schema: {
        tags,
        operationId: 'getManagerEvents',
        summary: 'Live orders and calls (Server-Sent Events)',
        description:
          `${EVENT_STREAM_DESCRIPTION} Authenticated by \`ticket\` (EventSource cannot send a token), which opens one ` +
          `stream only (used again: 401). At most ${MAX_STREAMS_PER_USER} streams per user: one more closes the ` +
          'oldest after an `event: reconnect` with `data: {"reason":"streams_limit","when":"visible"}` (reconnect ' +
          'when that tab is looked at again, not at once). Without ' +
          '`last_event_id` (or the `Last-Event-ID` header) it starts from now; with it, every event after that id is ' +
          'sent first, then the live ones, each exactly once.',
        security: [],
        querystring: EventsQuery,
        headers: EventsHeaders,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors(400, 401, 404),
        },
      },
      // Compression would hold each event back until a buffer fills.
      compress: false,
    },
    async (request, reply) => {
      // The client may leave during the checks or the replay: the stream is then dropped as soon as it exists.
      let gone = false;
      let body: Awaited<ReturnType<typeof openStaffEventsStream>> | undefined;
      reply.raw.once('close', () => {
        gone = true;
        body?.destroy();
      });
      const { ticket, restaurant_id, last_event_id } = request.query;
      if (!ticket) throw unauthorized(messages.eventTicketRequired);
      const claims = verifyTicket(app, ticket);
      // A ticket is for the restaurant it names: the URL may not name another.
      if (!claims || (restaurant_id ?? null) !== claims.rid) throw unauthorized(messages.eventTicketInvalid);
      // Once only, in every process: a ticket seen in a log or a history opens nothing.
      if (!(await useEventTicket(app.db, claims.jti))) throw unauthorized(messages.eventTicketInvalid);
      const viewer = await ticketViewer(app, claims, options.config.demo);
      const restaurantIds = await followedRestaurants(app, viewer, claims.rid);
      const resumeFrom = last_event_id ?? request.headers['last-event-id'];
      const afterId = resumeFrom === undefined ? await settledStaffEventId(app.db) : Number(resumeFrom);

      // Still this user's, and still the same restaurants (a manager following all theirs reconnects to follow a new one).
      const stillAllowed = async () => {
        try {
          const now = await followedRestaurants(app, await ticketViewer(app, claims, options.config.demo), claims.rid);
          return now.length === restaurantIds.length && now.every((id) => restaurantIds.includes(id));
        } catch (error) {
          if (error instanceof HttpError) return false;
          throw error;
        }
      };
      body = await openStaffEventsStream({
        db: app.db,
        hub,
        restaurantIds,
        userId: viewer._id,
        afterId,
        stillAllowed,
        recheckMs: options.eventsRecheckMs,
      });
      if (gone || reply.raw.destroyed) body.destroy();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          // nginx would otherwise buffer the stream and hold the events back.
          .header('x-accel-buffering', 'no')
          // The 200 is documented as text: the stream is that text, written as it happens.
          .send(body as never)
      );
    },
  );
};
