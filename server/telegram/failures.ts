import { messages } from '../messages';
import type { BotApiError } from './bot-api';

/**
 * Why Telegram refused for good, as the panel shows it after "Telegramga yuborilmadi: " on the order and on the
 * restaurant: what to fix in Uzbek, then Telegram's own words (what its support and BotFather talk about).
 */
export function failureReason(error: BotApiError): string {
  const telegram = `(Telegram: ${error.description})`;
  if (error.status === 401) return messages.tokenRevoked(telegram);
  // 403: the bot is not in the chat; 400 "need administrator rights": it is, without the right to post.
  if (error.status === 403 || /need administrator rights/i.test(error.description))
    return messages.botCannotPost(telegram);
  if (error.status === 400 && /chat not found/i.test(error.description)) return messages.chatNotFound(telegram);
  return messages.messageRefused(telegram);
}

/** What a delivery Telegram never took within GIVE_UP_HOURS records. */
export const GAVE_UP = messages.deliveryGaveUp;
