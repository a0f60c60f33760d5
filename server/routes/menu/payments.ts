import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { CheckoutHosts } from '../../domain/payments/checkout';
import { createPayment } from '../../domain/payments/create-payment';
import { readPayment, tableBill } from '../../domain/payments/table-bill';
import { notFound } from '../../errors';
import { messages } from '../../messages';
import { findOrderingRestaurant } from '../../repositories/orders';
import { errors } from '../../schemas/common';
import { IdempotencyHeaders, MenuOrderIdParams, MenuOrderParams } from '../../schemas/order-requests';
import { BillAnswer, BillQuery, CreatePaymentBody, PaymentAnswer } from '../../schemas/payments';
import type { RouteOptions } from '../options';

/**
 * The diner's side of paying from the table (no account): the table's bill, a payment of it through Payme or Click
 * (answered with the provider's checkout link), and the payment's state for the page the provider sends the diner
 * back to. Every answer is `no-store`, as ordering's.
 */
export const menuPaymentRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  const tags = ['payments'];
  const deps = { db: app.db, work: app.work };
  const { config } = options;

  const origin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  /** Demo mode without configured hosts pays through the local simulators (server/dev). */
  const hosts = (request: FastifyRequest): CheckoutHosts => ({
    payme: config.paymeCheckoutUrl ?? (config.demo ? `${origin(request)}/dev/payme` : undefined),
    click: config.clickPayUrl ?? (config.demo ? `${origin(request)}/dev/click` : undefined),
  });
  const returnUrl = (request: FastifyRequest, slug: string, tableToken: string) => (paymentId: string) =>
    `${origin(request)}/menu/${encodeURIComponent(slug)}?${new URLSearchParams({ table: tableToken, payment: paymentId })}`;

  const activeRestaurant = async (slug: string) => {
    const restaurant = await findOrderingRestaurant(app.db, slug);
    if (!restaurant?.is_active) throw notFound(messages.restaurantNotFound);
    return restaurant;
  };

  app.get(
    '/menu/:slug/bill',
    {
      schema: {
        tags,
        summary: "A table's bill",
        description:
          'The orders since the table was last settled (every one not yet paid, and those paid since), the service ' +
          "charge, `total` (with it), `paid`, `unpaid`, all in so'm, and the methods the restaurant takes. `table_id` " +
          'is the table token, as for orders (unknown: 404).',
        security: [],
        params: MenuOrderParams,
        querystring: BillQuery,
        response: { 200: BillAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const restaurant = await activeRestaurant(request.params.slug);
      return { data: await tableBill(deps, restaurant._id, request.query.table_id) };
    },
  );

  app.post(
    '/menu/:slug/payments',
    {
      schema: {
        tags,
        summary: 'Pay the bill (or one order of it) through Payme or Click',
        description:
          "The amount is the server's: the unpaid orders (or `order_id` alone), their service charge and `tip` " +
          "(whole so'm, at most the bill itself), fixed when the payment is made. Answers `redirect_url`, the " +
          "provider's checkout, which sends the diner back to the table's page. Nothing unpaid (or it is being paid " +
          'already): 409; a method the restaurant does not take: 403. The same `Idempotency-Key` from the same table ' +
          'and device answers the same payment (200); with another choice, 422.',
        security: [],
        params: MenuOrderParams,
        headers: IdempotencyHeaders,
        body: CreatePaymentBody,
        response: { 200: PaymentAnswer, 201: PaymentAnswer, ...errors(400, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const restaurant = await activeRestaurant(request.params.slug);
      const { table_id: tableToken, provider, order_id: orderId, tip } = request.body;
      const { payment, created } = await createPayment(deps, {
        restaurantId: restaurant._id,
        tableToken,
        deviceId: request.headers['x-device-id'] ?? '',
        idempotencyKey: request.headers['idempotency-key'],
        provider,
        orderId,
        tip: tip ?? 0,
      });
      const view = await readPayment(
        deps,
        restaurant._id,
        payment._id,
        hosts(request),
        returnUrl(request, request.params.slug, tableToken),
      );
      return reply.code(created ? 201 : 200).send({ data: view! });
    },
  );

  app.get(
    '/menu/:slug/payments/:id',
    {
      schema: {
        tags,
        summary: "A payment's state (the page the provider sends the diner back to)",
        description:
          "`pending`, `paid`, `cancelled` or `refunded`. Another restaurant's payment or an unknown id: 404.",
        security: [],
        params: MenuOrderIdParams,
        response: { 200: PaymentAnswer, ...errors(400, 404) },
      },
    },
    async (request) => {
      const restaurant = await activeRestaurant(request.params.slug);
      // The checkout link needs the table's token for its way back; a read of the state does not.
      const view = await readPayment(deps, restaurant._id, request.params.id, hosts(request), () => '');
      if (!view) throw notFound(messages.paymentNotFound);
      return { data: { ...view, redirect_url: null } };
    },
  );
};
