import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply } from 'fastify';
import { handlePaymeCall } from '../../domain/payments/payme-endpoint';
import { failure, faults, type PaymeFault, type RpcAnswer } from '../../domain/payments/payme-rpc';
import { PaymentSettingsCache } from '../../domain/payments/settings-cache';
import { loggedError } from '../../plugins/error-log';
import { PaymeAnswer, PaymeParams } from '../../schemas/payme';
import type { RouteOptions } from '../options';

/** Payme's calls are a few hundred bytes (SetFiscalData's the largest): anything far bigger is not Payme. */
const BODY_LIMIT = 64 * 1024;

const sendRpc = (reply: FastifyReply, rpc: RpcAnswer) =>
  reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(rpc));

/** What the framework itself could refuse before the handler ran, as JSON-RPC: only a body we could not read. */
const FRAMEWORK_FAULTS: Record<string, () => PaymeFault> = {
  FST_ERR_CTP_BODY_TOO_LARGE: faults.invalidRequest,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: faults.invalidRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: faults.invalidRequest,
};

/**
 * Payme's Merchant API, as Payme calls a merchant: JSON-RPC 2.0 by POST to the cashbox's Endpoint URL, always
 * answered HTTP 200 (any other status is an error to Payme). This plugin's scope reads every body as text whatever
 * its Content-Type, and answers every failure (another method, a body it cannot read, a crash) in JSON-RPC, never
 * in this API's own error shape.
 */
export const paymeRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const settings = new PaymentSettingsCache(app.db);
  app.onMenuChanged((restaurantId) => settings.invalidate(restaurantId));
  const deps = { db: app.db, work: app.work, settingsOf: (restaurantId: string) => settings.get(restaurantId) };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error.code ? FRAMEWORK_FAULTS[error.code] : undefined;
    if (!known) request.log.error({ error: loggedError(error) }, 'Payme call failed');
    return sendRpc(reply, failure(null, (known ?? faults.systemError)()));
  });

  app.post(
    '/payments/payme/:id',
    {
      schema: {
        tags: ['payments'],
        summary: "Payme's Merchant API (called by Payme)",
        description:
          "The restaurant's cashbox Endpoint URL. JSON-RPC 2.0 (`method`, `params`, `id`), always HTTP 200, with " +
          '`Authorization: Basic base64("Paycom:<KEY>")`: the cashbox KEY, or the TEST_KEY while the restaurant is in ' +
          'Payme test mode (then the KEY is refused); anything else, an unknown restaurant or one whose Payme is not ' +
          'set up: -32504. Methods: CheckPerformTransaction (with the fiscal `detail`), CreateTransaction, ' +
          'PerformTransaction, CancelTransaction, CheckTransaction, GetStatement, SetFiscalData. Amounts in tiyin. ' +
          'The account field is `order_id`, the payment `_id` made by `POST /menu/{slug}/payments`; its errors, with ' +
          '`data: "order_id"`: -31050 no such Payme payment of this restaurant (unknown, not a UUID, another ' +
          "restaurant's, or a Click or cash payment), -31051 already paid, -31052 cancelled or refunded. Also -31001 " +
          'wrong amount, -31003 transaction not found, -31007 refund refused (an order of the payment was served), ' +
          '-31008 impossible (another transaction on the payment, the bill held or paid by another payment, the ' +
          "transaction's state, or 12 h passed since Payme's `time`: then cancelled with reason 4), -32300 not POST, " +
          '-32400 system error, -32600 malformed request or params, -32601 unknown method, -32700 not JSON.',
        security: [],
        params: PaymeParams,
        response: { 200: PaymeAnswer },
      },
      // A malformed restaurant id is an unknown restaurant (-32504), not a 400.
      attachValidation: true,
    },
    async (request, reply) => {
      const rpc = await handlePaymeCall(
        {
          ...deps,
          logFailure: (error) => request.log.error({ error: loggedError(error) }, 'Payme call failed'),
        },
        {
          restaurantId: request.validationError ? '' : request.params.id,
          authorization: request.headers.authorization,
          body: typeof request.body === 'string' ? request.body : undefined,
        },
      );
      return sendRpc(reply, rpc);
    },
  );

  app.route({
    method: ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    url: '/payments/payme/:id',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: (_request, reply) => sendRpc(reply, failure(null, faults.notPost())),
  });
};
