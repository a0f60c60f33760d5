import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError, notFound } from '../../errors';
import { StaffEventsHub } from '../../events/hub';
import { MAX_ORDER_STREAM_MS, openOrderStatusStream } from '../../events/order-status-stream';
import { messages } from '../../messages';
import { findOrderingRestaurant, findRestaurantOrder } from '../../repositories/orders';
import { errors } from '../../schemas/common';
import { MenuOrderIdParams } from '../../schemas/order-requests';
import type { RouteOptions } from '../options';

/**
 * Open status streams per client address and in all, per process. A restaurant's guest Wi-Fi puts a whole hall behind
 * one address, so past these a diner is not refused anything: their page follows the order by polling instead (the
 * stream's 429 is its cue). They bound what a stranger can hold open: a few KB of memory and a socket each.
 */
export const ORDER_STREAM_LIMITS = { perAddress: 20, total: 1000 } as const;
// The API tests compare answers with this name.
export const ORDER_STREAMS_BUSY = messages.orderStreamsBusy;

/**
 * The diner's own live status: `GET /menu/{slug}/orders/{id}/events`, Server-Sent Events of that order's
 * status only, sent as soon as the staff change it (the staff events' NOTIFY, across processes), ending once it is
 * served or cancelled. The id is the order's unguessable UUID, as for GET /menu/{slug}/orders/{id}.
 */
export const menuOrderEventRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // A hub of its own: it listens only while a diner's stream is open, and its streams have no user to cap.
  const hub = new StaffEventsHub(app.database, app.log);
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());
  const perAddress = new Map<string, number>();
  let total = 0;

  app.get(
    '/menu/:slug/orders/:id/events',
    {
      schema: {
        tags: ['ordering'],
        summary: "An order's status as it changes (Server-Sent Events, the diner's status page)",
        description:
          'Each event is `event: status` with `data: {"status": …}` (nothing else of the order): the current status ' +
          'at once, then each change as the staff make it; the stream ends after `served` or `cancelled`, and after ' +
          `${MAX_ORDER_STREAM_MS / 60_000} minutes in any case (EventSource reconnects). A \`:\` comment line every ` +
          '25 seconds keeps it open. 404 as GET /menu/{slug}/orders/{id}. At most ' +
          `${ORDER_STREAM_LIMITS.perAddress} open per client address and ${ORDER_STREAM_LIMITS.total} in all: ` +
          'beyond, 429 (poll GET /menu/{slug}/orders/{id} instead).',
        security: [],
        params: MenuOrderIdParams,
        response: {
          200: { description: 'The status stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors(400, 404, 429),
        },
      },
      // Compression would hold each event back until a buffer fills.
      compress: false,
    },
    async (request, reply) => {
      const address = request.ip;
      const mine = perAddress.get(address) ?? 0;
      if (mine >= ORDER_STREAM_LIMITS.perAddress || total >= ORDER_STREAM_LIMITS.total) {
        reply.header('retry-after', '60');
        throw new HttpError(429, messages.orderStreamsBusy);
      }
      // Counted from here, so checks that wait on the database cannot let a burst past the limits.
      perAddress.set(address, mine + 1);
      total += 1;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        total -= 1;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
      let body: Awaited<ReturnType<typeof openOrderStatusStream>>;
      reply.raw.once('close', () => {
        release();
        body?.destroy();
      });
      try {
        const restaurant = await findOrderingRestaurant(app.db, request.params.slug);
        if (!restaurant?.is_active) throw notFound(messages.restaurantNotFound);
        const { id } = request.params;
        body = await openOrderStatusStream({
          hub,
          restaurantId: restaurant._id,
          orderId: id,
          readStatus: async () => (await findRestaurantOrder(app.db, restaurant._id, id))?.status,
        });
        if (!body) throw notFound(messages.orderNotFound);
      } catch (error) {
        release();
        throw error;
      }
      body.once('close', release);
      if (reply.raw.destroyed) body.destroy();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(body as never);
    },
  );
};
