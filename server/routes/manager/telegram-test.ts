import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendTestMessage } from '../../domain/telegram/test-message';
import { messages } from '../../messages';
import { bearer, errors, IdParams, Ok } from '../../schemas/common';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

// The API tests compare answers with these names.
export const TEST_NOT_CONFIGURED = messages.testNotConfigured;
export const TEST_SENT = messages.testSent;

/** "Sinov xabari yuborish": the test message itself is the use case's (domain/telegram/test-message.ts). */
export const managerTelegramTestRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  const deps = { db: app.db, work: app.work };

  app.post(
    '/manager/restaurants/:id/telegram/test',
    {
      schema: {
        tags: ['telegram'],
        summary: "Send a test message to the restaurant's Telegram channel",
        description:
          'Admins and the owning manager (anybody else: 404). 400 when the restaurant has no bot token or channel, or ' +
          'Telegram refuses (the message says why); 502 when Telegram cannot be reached. A delivered test clears the ' +
          "restaurant's `telegram_error`.",
        security: bearer,
        params: IdParams,
        response: { 200: Ok, ...errors(400, 401, 403, 404, 502) },
      },
      onRequest: app.requireRole('admin', 'manager'),
    },
    async (request) => {
      await sendTestMessage(deps, app.telegram.api, authenticated(request), request.params.id);
      return { success: true as const, message: messages.testSent };
    },
  );
};
