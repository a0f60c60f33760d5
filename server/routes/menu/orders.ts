import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { RESTAURANT_NOT_FOUND } from '../../access';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { priceOrder } from '../../order-pricing';
import { errorBody } from '../../plugins/errors';
import { createCall, presentCall, repeatCallWait } from '../../repositories/calls';
import {
  createOrder,
  findOrderByKey,
  findOrderingRestaurant,
  findRestaurantOrder,
  type KeyScope,
  lockTable,
  type OrderRecord,
  presentOrder,
  productsForOrder,
  recentTableOrders,
  rowsForOrder,
} from '../../repositories/orders';
import { findTableForOrder } from '../../repositories/tables';
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
import type { RouteOptions } from '../options';
import { orderBodyHash } from './order-body';
import {
  AddressLimit,
  CALL_LIMITS,
  CALLED_ALREADY,
  ORDER_LIMITS,
  TOO_MANY_CALLS,
  TOO_MANY_ORDERS,
  tooMany,
} from './table-limits';

export const ORDERING_DISABLED = 'Bu restoranda stoldan buyurtma berish yoqilmagan.';
export const TABLE_NOT_FOUND = 'Stol topilmadi. Iltimos, stoldagi QR-kodni qayta skanerlang.';
export const ORDER_NOT_FOUND = 'Buyurtma topilmadi.';
export const PRODUCTS_UNAVAILABLE = "Ba'zi taomlar hozir mavjud emas. Ularni savatdan olib tashlab, qayta yuboring.";
export const KEY_REUSED =
  'Bu Idempotency-Key boshqa tarkibli buyurtma uchun ishlatilgan. Yangi buyurtmani yangi kalit bilan yuboring.';

/** Thrown inside an order's transaction to roll it back; the route answers it after. */
class Unavailable extends Error {
  constructor(readonly productIds: string[]) {
    super('unavailable');
  }
}
/** Another request with the same Idempotency-Key won while this one ran: roll back and answer the winner. */
class KeyTaken extends Error {}

/** An order an Idempotency-Key already made: the same body is a replay (200), another body a reused key (422). */
function replayOf(order: OrderRecord, hash: string): OrderRecord {
  // Orders made before bodies were hashed have none to compare: they answer as before.
  if (order.request_hash !== null && order.request_hash !== hash) throw new HttpError(422, KEY_REUSED);
  return order;
}

/**
 * The diner's side of issue 17 (no account): an order from a table, its status, and waiter and bill calls. Every
 * answer is `no-store` (security-headers.ts: a route that sets no caching gets it), so no proxy keeps an order.
 */
export const menuOrderRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const tags = ['ordering'];
  const ordersPerDevice = new AddressLimit(ORDER_LIMITS.perDevice, ORDER_LIMITS.perDeviceWindowMs, TOO_MANY_ORDERS);
  const ordersPerAddress = new AddressLimit(ORDER_LIMITS.perAddress, ORDER_LIMITS.perAddressWindowMs, TOO_MANY_ORDERS);
  const callsPerDevice = new AddressLimit(CALL_LIMITS.perDevice, CALL_LIMITS.perDeviceWindowMs, TOO_MANY_CALLS);
  const callsPerAddress = new AddressLimit(CALL_LIMITS.perAddress, CALL_LIMITS.perAddressWindowMs, TOO_MANY_CALLS);

  /** Per device first (when the browser sent its id), then per address: each a 429 past its window's number. */
  const countDiner = (reply: FastifyReply, ip: string, device: string, kind: 'order' | 'call') => {
    if (device) (kind === 'order' ? ordersPerDevice : callsPerDevice).count(reply, device);
    (kind === 'order' ? ordersPerAddress : callsPerAddress).count(reply, ip);
  };

  /** The table whose token the diner sent: active, of this restaurant, else 404 (a table id or an old token too). */
  const activeTable = async (db: Parameters<typeof findTableForOrder>[0], restaurantId: string, token: string) => {
    const table = await findTableForOrder(db, restaurantId, token);
    if (!table?.is_active) throw notFound(TABLE_NOT_FOUND);
    return table;
  };

  /** The restaurant a diner's write names: unknown or inactive 404 (as the menu), ordering off 403. */
  const orderingRestaurant = async (slug: string) => {
    const restaurant = await findOrderingRestaurant(app.db, slug);
    if (!restaurant?.is_active) throw notFound(RESTAURANT_NOT_FOUND);
    if (!restaurant.ordering_enabled) throw forbidden(ORDERING_DISABLED);
    return restaurant;
  };

  /** The active table of this restaurant, locked for the rest of the transaction (lockTable in repositories/orders). */
  const lockedTable = async (tx: Parameters<typeof lockTable>[0], restaurantId: string, token: string) => {
    const table = await activeTable(tx, restaurantId, token);
    await lockTable(tx, table._id);
    return table;
  };

  const answerOrder = (reply: FastifyReply, order: OrderRecord, status: 200 | 201) =>
    reply.code(status).send({ data: presentOrder(order) });

  app.post(
    '/menu/:slug/orders',
    {
      schema: {
        tags,
        summary: 'Order from a table (no account)',
        description:
          'Prices come from the server only: `line_total = quantity × (price + Σ row prices)`, `total = Σ line_total`, ' +
          'exact to the tiyin. Each `row_ids` entry must be a row of one of that product’s options, at most one row per ' +
          'option, and one row of each `required` option that has rows (400 otherwise, naming the option). A product that is stop-listed, in an inactive category, unknown or of another ' +
          'restaurant makes the whole order 409 with `unavailable` (nothing is created). The same `Idempotency-Key` for ' +
          'the same restaurant answers the first order again with 200 and creates nothing. Unknown or inactive ' +
          'restaurant, unknown or inactive table: 404; ordering disabled: 403. Limits: ' +
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
      const restaurant = await orderingRestaurant(request.params.slug);
      const { table_id: token, items, comment } = request.body;
      const table = await activeTable(app.db, restaurant._id, token);
      const scope: KeyScope = {
        restaurant_id: restaurant._id,
        table_id: table._id,
        device_id: request.headers['x-device-id'] ?? '',
        key: request.headers['idempotency-key'],
      };
      const hash = orderBodyHash(request.body);
      // A double tap or a retry after a lost answer: the first order again, before any limit counts it.
      const earlier = await findOrderByKey(app.db, scope);
      if (earlier) return answerOrder(reply, replayOf(earlier, hash), 200);
      countDiner(reply, request.ip, scope.device_id, 'order');

      try {
        const outcome = await app.db.transaction(async (tx) => {
          const locked = await lockedTable(tx, restaurant._id, token);
          // The same key may have been committed while this request waited for the table.
          const replay = await findOrderByKey(tx, scope);
          if (replay) return { order: replayOf(replay, hash), created: false };
          // Past the table's threshold the order is not refused (that would lock the real diner out): it waits.
          const recent = await recentTableOrders(tx, restaurant._id, locked._id, ORDER_LIMITS.perTableWindowSeconds);

          const productIds = [...new Set(items.map((item) => item.product_id))];
          const rowIds = [...new Set(items.flatMap((item) => item.row_ids ?? []))];
          const [products, rows] = await Promise.all([
            productsForOrder(tx, restaurant._id, productIds),
            rowsForOrder(tx, rowIds),
          ]);
          const priced = priceOrder(items, products, rows);
          if (priced.kind === 'unavailable') throw new Unavailable(priced.productIds);
          if (priced.kind === 'invalid') throw badRequest(priced.message);
          const order = await createOrder(tx, {
            restaurant_id: restaurant._id,
            table: { _id: locked._id, name: locked.name },
            items: priced.lines,
            total: priced.total,
            comment: comment ?? '',
            idempotency_key: scope.key,
            device_id: scope.device_id,
            request_hash: hash,
            needs_confirmation: recent.count >= ORDER_LIMITS.perTable,
          });
          if (!order) throw new KeyTaken();
          return { order, created: true };
        });
        if (outcome.created) app.telegram.wake();
        return answerOrder(reply, outcome.order, outcome.created ? 201 : 200);
      } catch (error) {
        if (error instanceof Unavailable) {
          return reply.code(409).send({ ...errorBody(409, PRODUCTS_UNAVAILABLE), unavailable: error.productIds });
        }
        if (error instanceof KeyTaken) {
          const winner = await findOrderByKey(app.db, scope);
          if (winner) return answerOrder(reply, replayOf(winner, hash), 200);
        }
        throw error;
      }
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
      if (!restaurant?.is_active) throw notFound(RESTAURANT_NOT_FOUND);
      const order = await findRestaurantOrder(app.db, restaurant._id, request.params.id);
      if (!order) throw notFound(ORDER_NOT_FOUND);
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
          'and 403 as for orders.',
        security: [],
        params: MenuOrderParams,
        headers: DeviceHeaders,
        body: CreateCallBody,
        response: { 201: CallAnswer, ...errors(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const restaurant = await orderingRestaurant(request.params.slug);
      const { table_id: token, type } = request.body;
      await activeTable(app.db, restaurant._id, token);
      countDiner(reply, request.ip, request.headers['x-device-id'] ?? '', 'call');
      const call = await app.db.transaction(async (tx) => {
        const table = await lockedTable(tx, restaurant._id, token);
        const wait = await repeatCallWait(tx, table._id, type, CALL_LIMITS.repeatSeconds);
        if (wait > 0) throw tooMany(reply, wait, CALLED_ALREADY[type]);
        return createCall(tx, { restaurant_id: restaurant._id, table: { _id: table._id, name: table.name }, type });
      });
      app.telegram.wake();
      return reply.code(201).send({ data: presentCall(call) });
    },
  );
};
