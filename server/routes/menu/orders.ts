import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { callStaff } from '../../domain/orders/call-staff';
import { orderingRestaurant } from '../../domain/orders/diner-table';
import { placeOrder } from '../../domain/orders/place-order';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { errorBody } from '../../plugins/errors';
import { presentCall } from '../../repositories/calls';
import {
  type DinerOrderRecord,
  findOrderingRestaurant,
  findRestaurantOrder,
  presentOrder,
} from '../../repositories/orders';
import { errors } from '../../schemas/common';
import {
  CallAnswer,
  CreateCallBody,
  CreateOrderBody,
  DeviceHeaders,
  IdempotencyHeaders,
  MenuOrderIdParams,
  MenuOrderParams,
  OrderAnswer,
  UnavailableAnswer,
} from '../../schemas/order-requests';
import { ClosedAnswer } from '../../schemas/schedule';
import type { RouteOptions } from '../options';
import { DinerLimits } from './diner-limits';
import { orderBodyHash } from './order-body';
import { OrderingRestaurants } from './ordering-restaurants';
import { CALL_LIMITS, CALLED_ALREADY, ORDER_LIMITS, tooMany } from './table-limits';

/**
 * The diner's side of ordering from the table (no account): an order from a table, its status, and waiter and bill
 * calls. Every answer is `no-store` (security-headers.ts: a route that sets no caching gets it), so no proxy keeps an
 * order.
 */
export const menuOrderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const tags = ['ordering'];
  const deps = { db: app.db, work: app.work, orderStatements: app.orderStatements };
  const restaurants = new OrderingRestaurants(app.db);
  app.onMenuChanged((restaurantId) => restaurants.invalidate(restaurantId));
  const bySlug = (slug: string) => restaurants.get(slug);
  const orderLimits = new DinerLimits(ORDER_LIMITS, messages.tooManyOrders, Date.now, {
    limits: app.sharedLimits,
    kind: 'order',
  });
  const callLimits = new DinerLimits(CALL_LIMITS, messages.tooManyCalls, Date.now, {
    limits: app.sharedLimits,
    kind: 'call',
  });

  // A replay found after the diner's limits refused the request (place-order.ts) is answered without their Retry-After.
  const answerOrder = (reply: FastifyReply, order: DinerOrderRecord, status: 200 | 201) =>
    reply
      .removeHeader('retry-after')
      .code(status)
      .send({ data: presentOrder(order) });

  app.post(
    '/menu/:slug/orders',
    {
      schema: {
        tags,
        summary: 'Order from a table (no account)',
        description:
          'Prices come from the server only: `line_total = quantity × (price + Σ row prices)`, `total = Σ line_total`, ' +
          'exact to the tiyin. Each `row_ids` entry must be a row of one of that product’s options, named once, and each ' +
          'option with rows gets between its `min_choices` (at most its row count) and its `max_choices` rows (400 ' +
          'otherwise, naming the option). A product that is stop-listed, in an inactive category, unknown or of another ' +
          "restaurant, or outside its own or its category's `schedule` in the restaurant's `time_zone`, makes the whole " +
          'order 409 with `unavailable` (nothing is created). While the restaurant is closed by its `working_hours` the ' +
          'order is 409 with `closed: true`, `opens_at`, every product in `unavailable` and the message "Restoran ' +
          'hozir yopiq, 10:00 da ochiladi." (a replay of an order already made still answers it). The same ' +
          '`Idempotency-Key` for the same restaurant answers the first order again with 200 and creates nothing. ' +
          'Unknown or inactive restaurant, unknown or inactive table: 404; ordering disabled: 403. Limits: ' +
          `${ORDER_LIMITS.perAddress} orders per client address per 10 minutes, ${ORDER_LIMITS.perTable} per table ` +
          'per hour (429 with Retry-After).',
        security: [],
        params: MenuOrderParams,
        headers: IdempotencyHeaders,
        body: CreateOrderBody,
        response: { 200: OrderAnswer, 201: OrderAnswer, 409: UnavailableAnswer, ...errors(400, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const deviceId = request.headers['x-device-id'] ?? '';
      const idempotencyKey = request.headers['idempotency-key'];
      // The same tap again is known by its key, within its restaurant, device and table.
      const attempt = [request.params.slug, deviceId, request.body.table_id, idempotencyKey].join('\n');
      orderLimits.refuseEarly(reply, request.ip, deviceId, attempt);
      const restaurant = await orderingRestaurant(bySlug, request.params.slug);
      const placed = await placeOrder(
        deps,
        {
          restaurantId: restaurant._id,
          hours: restaurant,
          tableToken: request.body.table_id,
          deviceId,
          idempotencyKey,
          hash: orderBodyHash(request.body),
          body: request.body,
        },
        { perTable: ORDER_LIMITS.perTable, windowSeconds: ORDER_LIMITS.perTableWindowSeconds },
        () => orderLimits.count(reply, request.ip, deviceId, attempt),
      );
      if (placed.kind === 'unavailable') {
        for (const productId of placed.productIds) app.insights.add(restaurant._id, 'unavailable', productId);
        return reply
          .code(409)
          .send({ ...errorBody(409, messages.productsUnavailable), unavailable: placed.productIds });
      }
      if (placed.kind === 'closed') {
        const { message, opens_at } = placed.closure;
        return reply
          .code(409)
          .send({ ...errorBody(409, message), unavailable: placed.productIds, closed: true, opens_at });
      }
      return answerOrder(reply, placed.order, placed.kind === 'created' ? 201 : 200);
    },
  );

  app.get(
    '/menu/:slug/orders/:id',
    {
      schema: {
        tags,
        summary: "An order's current status (the diner's status page)",
        description:
          'The id is the UUID the order was answered with. Another restaurant’s order and an unknown id answer 404. ' +
          'Readable while the restaurant is active, even after ordering was switched off.',
        security: [],
        params: MenuOrderIdParams,
        response: { 200: OrderAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const restaurant = await findOrderingRestaurant(app.db, request.params.slug);
      if (!restaurant?.is_active) throw notFound(messages.restaurantNotFound);
      const order = await findRestaurantOrder(app.db, restaurant._id, request.params.id);
      if (!order) throw notFound(messages.orderNotFound);
      return { data: presentOrder(order) };
    },
  );

  app.post(
    '/menu/:slug/calls',
    {
      schema: {
        tags,
        summary: 'Call the waiter or ask for the bill from a table (no account)',
        description:
          `The same table and type again within ${CALL_LIMITS.repeatSeconds} s answers 429 with Retry-After and a ` +
          `kind message; at most ${CALL_LIMITS.perDevice} calls per device (\`X-Device-Id\`) and ` +
          `${CALL_LIMITS.perAddress} per client address per 10 minutes. \`table_id\` is the table's token; 404 ` +
          'and 403 as for orders. While the restaurant is closed by its `working_hours`: 409 with `closed: true`, ' +
          '`opens_at` and the message "Restoran hozir yopiq, 10:00 da ochiladi.".',
        security: [],
        params: MenuOrderParams,
        headers: DeviceHeaders,
        body: CreateCallBody,
        response: { 201: CallAnswer, 409: ClosedAnswer, ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const deviceId = request.headers['x-device-id'] ?? '';
      callLimits.refuseEarly(reply, request.ip, deviceId);
      const restaurant = await orderingRestaurant(bySlug, request.params.slug);
      const { table_id: token, type } = request.body;
      const placed = await callStaff(
        deps,
        { restaurantId: restaurant._id, hours: restaurant, tableToken: token, type },
        CALL_LIMITS.repeatSeconds,
        () => callLimits.count(reply, request.ip, deviceId),
      );
      if (placed.kind === 'too-soon') throw tooMany(reply, placed.waitSeconds, CALLED_ALREADY[type]);
      if (placed.kind === 'closed') {
        const { message, opens_at } = placed.closure;
        return reply.code(409).send({ ...errorBody(409, message), closed: true, opens_at });
      }
      return reply.code(201).send({ data: presentCall(placed.call) });
    },
  );
};
