import { restaurantForWrite } from '../../access';
import { badRequest, HttpError } from '../../errors';
import { messages } from '../../messages';
import { setRestaurantTelegramError } from '../../repositories/telegram-updates';
import { BotApiError, type BotApiOptions, callBotApi, chatIdParam } from '../../telegram/bot-api';
import { failureReason } from '../../telegram/failures';
import { testMessage } from '../../telegram/messages';
import type { Viewer } from '../../viewer';
import type { DomainDeps } from '../deps';

/**
 * "Sinov xabari yuborish": a message to the restaurant's channel sent at once, not through the outbox, so whoever sets
 * Telegram up sees right away whether it works, and why not: 400 when the restaurant has no bot or channel or
 * Telegram refuses (naming why), 502 when Telegram cannot be reached. The call to Telegram runs outside any
 * transaction; a delivered test then clears the restaurant's last Telegram error.
 */
export async function sendTestMessage(
  deps: DomainDeps,
  api: BotApiOptions,
  viewer: Viewer,
  restaurantId: string,
): Promise<void> {
  const restaurant = await restaurantForWrite(deps.db, viewer, restaurantId);
  if (!restaurant.bot_token || !restaurant.channel_id) throw badRequest(messages.testNotConfigured);
  try {
    await callBotApi(api, restaurant.bot_token, 'sendMessage', {
      chat_id: chatIdParam(restaurant.channel_id),
      text: testMessage(restaurant.name, new Date().toISOString()),
      parse_mode: 'HTML',
    });
  } catch (error) {
    const failure = error instanceof BotApiError ? error : new BotApiError(0, String(error));
    if (failure.permanent) throw badRequest(messages.testFailed(failureReason(failure)));
    throw new HttpError(502, messages.testFailed(failure.description));
  }
  await deps.work((w) => setRestaurantTelegramError(w.tx, restaurant._id, null));
}
