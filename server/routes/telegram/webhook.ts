import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../errors';
import { restaurantBot } from '../../repositories/telegram-updates';
import { errors, IdParams } from '../../schemas/common';
import { TelegramUpdateBody, WebhookAnswer } from '../../schemas/telegram';
import type { TelegramUpdate } from '../../telegram/bot-api';
import { handleUpdate } from '../../telegram/updates';
import type { RouteOptions } from '../options';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Compared in constant time: the answer must not tell how much of a guessed secret was right. */
function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Telegram's calls to us (PUBLIC_URL set): a staff member pressed a button under an order's message. Only
 * Telegram knows the restaurant's secret (given to setWebhook), so anything without it is a 403; an update already
 * handled (Telegram retries) answers 200 and changes nothing.
 */
export const telegramWebhookRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  app.post(
    '/telegram/webhook/:id',
    {
      schema: {
        tags: ['telegram'],
        summary: "Telegram's webhook for a restaurant's bot",
        description:
          'Called by Telegram with an `Update` (only `callback_query` is registered) and the header ' +
          '`X-Telegram-Bot-Api-Secret-Token` set to the secret given to `setWebhook`; without it, or with another, 403. ' +
          'Each `update_id` is applied once; the press changes the order or call as the panel would and is answered ' +
          'with `answerCallbackQuery`; the message is then edited.',
        security: [],
        params: IdParams,
        body: TelegramUpdateBody,
        response: { 200: WebhookAnswer, ...errors(400, 403) },
      },
    },
    async (request) => {
      const bot = await restaurantBot(app.db, request.params.id);
      const sent = request.headers[SECRET_HEADER];
      if (!bot?.bot_token || !bot.secret || !sameSecret(typeof sent === 'string' ? sent : undefined, bot.secret)) {
        throw forbidden();
      }
      await handleUpdate(
        { db: app.db, work: app.work, api: app.telegram.api, log: app.log, rights: app.telegram.rights },
        bot.bot_token,
        request.body as TelegramUpdate,
      );
      return { ok: true as const };
    },
  );
};
