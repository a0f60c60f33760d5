import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { clickAnswer, clickAnswerJson } from '../../domain/payments/click-answer';
import { answerClickCall, type ClickFailure, recordClickCall } from '../../domain/payments/click-call';
import {
  CLICK_ACTIONS,
  type ClickAction,
  echoOf,
  type FormFields,
  formFields,
} from '../../domain/payments/click-fields';
import { PaymentSettingsCache } from '../../domain/payments/settings-cache';
import { loggedError } from '../../plugins/error-log';
import { ErrorBody, MultiLineText, Text } from '../../schemas/common';
import type { RouteOptions } from '../options';

/** Click's calls carry a few hundred bytes; a body far larger is not Click's. */
const FORM_LIMIT = 16 * 1024;

const ClickParams = Type.Object({
  id: Text({ description: "The restaurant's id (UUID), as its Click service's URLs name it" }),
});

const field = (description: string) => Type.Optional(Text({ description }));

/** What Click sends, every value a string kept exactly as received (the signature is made over those strings). */
const clickForm = (action: ClickAction) =>
  Type.Object({
    click_trans_id: field("Click's transaction id (64-bit)"),
    service_id: field("The restaurant's Click service id"),
    click_paydoc_id: field("Click's payment document number, shown to the payer"),
    merchant_trans_id: field('Our payment id (`_id` of POST /menu/{slug}/payments)'),
    ...(action === 'complete'
      ? { merchant_prepare_id: field('Our transaction id, answered by Prepare as `merchant_prepare_id`') }
      : {}),
    amount: field("So'm, compared numerically with the payment's amount (within 0.01)"),
    action: field(action === 'prepare' ? '0 (Prepare)' : '1 (Complete)'),
    error: field("0, or Click's own negative error code"),
    error_note: Type.Optional(MultiLineText({ description: "Click's description of `error`" })),
    sign_time: field('`YYYY-MM-DD HH:mm:ss`'),
    sign_string: field('MD5 (hex) of the values as received, with the secret key'),
  });

const clickAnswerSchema = (action: ClickAction) =>
  Type.Object({
    click_trans_id: Type.Union([Type.Integer(), Type.Null()], { description: 'As received (null if it was not)' }),
    merchant_trans_id: Type.Union([Type.String(), Type.Null()]),
    [action === 'prepare' ? 'merchant_prepare_id' : 'merchant_confirm_id']: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Our transaction id on success, else null',
    }),
    error: Type.Integer({ description: '0, or the error code of Click SHOP API (-1 … -9)' }),
    error_note: Type.String({ description: "Click's English text of the code" }),
  });

/** Made once, not per app: a schema object is compiled once per process (server/schemas/compilers.ts). */
const CLICK_SCHEMAS: Record<
  ClickAction,
  { body: ReturnType<typeof clickForm>; answer: ReturnType<typeof clickAnswerSchema> }
> = {
  prepare: { body: clickForm('prepare'), answer: clickAnswerSchema('prepare') },
  complete: { body: clickForm('complete'), answer: clickAnswerSchema('complete') },
};

const DESCRIPTIONS: Record<ClickAction, string> = {
  prepare:
    "Click asks whether it may take a payment's money: the payment's orders are held under it and Click's " +
    'transaction recorded (merchant_prepare_id). The same click_trans_id again is answered the same.',
  complete:
    'Click reports the debit: `error` 0 pays the payment and its orders; `error` < 0 cancels it (-9). Completed ' +
    'again: -4; cancelled: -9.',
};

const failure =
  (request: FastifyRequest): ClickFailure =>
  (error) =>
    request.log.error({ error: loggedError(error) }, 'click call failed');

/**
 * Click SHOP API, exactly as Click calls a merchant: `POST /payments/click/{restaurant id}/prepare` and `/complete`,
 * form-urlencoded, answered with JSON in Click's format and HTTP 200 whatever happens (a malformed call is Click's -8,
 * a failure of ours -7), never Fastify's error shape. Each endpoint is its own scope: only its form parser, and an
 * error handler that answers as Click expects.
 */
export const clickRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const settings = new PaymentSettingsCache(app.db);
  app.onMenuChanged((restaurantId) => settings.invalidate(restaurantId));
  const deps = { db: app.db, work: app.work, settingsOf: (restaurantId: string) => settings.get(restaurantId) };

  for (const action of CLICK_ACTIONS) {
    await app.register(async (scope) => {
      // JSON or anything else is not Click's: 415, answered below as -8.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_LIMIT },
        (_request, body, done) => done(null, formFields(body as string)),
      );

      // An unparseable, oversized or invalid body (415, 413, 400) is Click's -8; anything else of ours is -7.
      scope.setErrorHandler(async (error: FastifyError, request, reply) => {
        const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
        if (status >= 500) failure(request)(error);
        const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as FormFields;
        const restaurantId = (request.params as { id?: unknown } | undefined)?.id;
        const answer = clickAnswer(action, echoOf(form), status >= 500 ? 'failedToUpdateUser' : 'errorInRequest');
        const call = { action, restaurantId: typeof restaurantId === 'string' ? restaurantId : '', form };
        await recordClickCall(deps, call, answer, failure(request));
        return reply.code(200).type('application/json').send(clickAnswerJson(answer));
      });

      scope.post(
        `/payments/click/:id/${action}`,
        {
          schema: {
            tags: ['payments'],
            summary: `Click SHOP API: ${action === 'prepare' ? 'Prepare' : 'Complete'}`,
            description:
              `${DESCRIPTIONS[action]} Signed with the restaurant's Click secret key; always HTTP 200 with Click's ` +
              'error codes. Only a URL that cannot be decoded is refused before routing (400).',
            security: [],
            consumes: ['application/x-www-form-urlencoded'],
            params: ClickParams,
            body: CLICK_SCHEMAS[action].body,
            response: { 200: CLICK_SCHEMAS[action].answer, 400: ErrorBody },
          },
        },
        async (request, reply) => {
          // The answer is written as text (its 64-bit id), so this scope's routes are not typed by their schemas.
          const { id } = request.params as Static<typeof ClickParams>;
          const call = { action, restaurantId: id, form: (request.body ?? {}) as FormFields };
          const answer = await answerClickCall(deps, call, failure(request));
          return reply.type('application/json').send(clickAnswerJson(answer));
        },
      );
    });
  }
};
