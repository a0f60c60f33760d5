import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { takeCash } from '../../domain/payments/cash';
import { presentPayment } from '../../domain/payments/checkout';
import { readPaymentSettings, updatePaymentSettings } from '../../domain/payments/settings';
import { bearer, errors, IdParams } from '../../schemas/common';
import { PaymentAnswer, PaymentSettingsAnswer, PaymentSettingsBody } from '../../schemas/payments';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

/**
 * A restaurant's payments from the staff's side: its Payme and Click settings, VAT and service charge, and a table's
 * bill taken in cash. Admins and the owning manager only (anybody else: 404).
 */
export const managerPaymentRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const staff = app.requireRole('admin', 'manager');
  const tags = ['payments'];
  const deps = { db: app.db, work: app.work };

  app.get(
    '/manager/restaurants/:id/payments',
    {
      schema: {
        tags,
        summary: "The restaurant's payment settings",
        description:
          'Payme and Click (each on or off, their merchant data; Payme with its receipt codes of the service charge ' +
          'and the tip), the VAT percent of fiscal items and the service charge. Keys are never answered: `key_set`, `test_key_set`, `secret_key_set` say whether one is set.',
        security: bearer,
        params: IdParams,
        response: { 200: PaymentSettingsAnswer, ...errors(401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => ({ data: await readPaymentSettings(deps, authenticated(request), request.params.id) }),
  );

  app.put(
    '/manager/restaurants/:id/payments',
    {
      schema: {
        tags,
        summary: "Change the restaurant's payment settings",
        description:
          'Only what the body names changes. A key omitted is kept, `null` removes it. A method turned on must be ' +
          'complete (Payme: merchant id and the key of its mode; Click: service, merchant, merchant user id and the ' +
          'secret key): 400 otherwise. The service charge applies to orders made from now on.',
        security: bearer,
        params: IdParams,
        body: PaymentSettingsBody,
        response: { 200: PaymentSettingsAnswer, ...errors(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (request) => ({
      data: await updatePaymentSettings(deps, authenticated(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/manager/tables/:id/cash',
    {
      schema: {
        tags,
        summary: '"Naqd to\'landi": the table\'s bill taken in cash',
        description:
          "Every unpaid order of the table's bill becomes paid by one cash payment (the staff's screens and Telegram " +
          'messages show it). 409 when nothing is unpaid, or while a Payme or Click transaction holds some of it.',
        security: bearer,
        params: IdParams,
        response: { 201: PaymentAnswer, ...errors(401, 403, 404, 409) },
      },
      onRequest: staff,
    },
    async (request, reply) => {
      const payment = await takeCash(deps, authenticated(request), request.params.id);
      return reply.code(201).send({ data: presentPayment(payment, null) });
    },
  );
};
