import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { restaurantForWrite } from '../../access';
import { badRequest, HttpError } from '../../errors';
import { setRestaurantTelegramError } from '../../repositories/telegram-updates';
import { bearer, errors, Id, Ok } from '../../schemas/common';
import { BotApiError, callBotApi, chatIdParam } from '../../telegram/bot-api';
import { failureReason } from '../../telegram/failures';
import { testMessage } from '../../telegram/messages';
import { authenticated } from '../../viewer';
import type { RouteOptions } from '../options';

export const TEST_SENT = 'Sinov xabari yuborildi.';
export const TEST_NOT_CONFIGURED = 'Avval bot token va Kanal ID ni kiriting va saqlang.';
export const TEST_FAILED = (why: string) => `Sinov xabari yuborilmadi: ${why}`;

/**
 * "Sinov xabari yuborish" (issue 15): sends a message to the restaurant's channel at once, not through the outbox,
 * so whoever sets Telegram up sees right away whether it works, and why not.
 */
export const managerTelegramTestRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
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
        params: Type.Object({ id: Id }),
        response: { 200: Ok, ...errors(400, 401, 403, 404, 502) },
      },
      onRequest: app.requireRole('admin', 'manager'),
    },
    async (request) => {
      const restaurant = await restaurantForWrite(app.db, authenticated(request), request.params.id);
      if (!restaurant.bot_token || !restaurant.channel_id) throw badRequest(TEST_NOT_CONFIGURED);
      try {
        await callBotApi(app.telegram.api, restaurant.bot_token, 'sendMessage', {
          chat_id: chatIdParam(restaurant.channel_id),
          text: testMessage(restaurant.name, new Date().toISOString()),
          parse_mode: 'HTML',
        });
      } catch (error) {
        const failure = error instanceof BotApiError ? error : new BotApiError(0, String(error));
        if (failure.permanent) throw badRequest(TEST_FAILED(failureReason(failure)));
        throw new HttpError(502, TEST_FAILED(failure.description));
      }
      await setRestaurantTelegramError(app.db, restaurant._id, null);
      return { success: true as const, message: TEST_SENT };
    },
  );
};
