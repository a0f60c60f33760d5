import type { BotApiError } from './bot-api';

/**
 * Why Telegram refused for good, as the panel shows it after "Telegramga yuborilmadi: " on the order and on the
 * restaurant: what to fix in Uzbek, then Telegram's own words (what its support and BotFather talk about).
 */
export function failureReason(error: BotApiError): string {
  const telegram = `(Telegram: ${error.description})`;
  if (error.status === 401) return `bot tokeni noto'g'ri yoki bekor qilingan ${telegram}`;
  // 403: the bot is not in the chat; 400 "need administrator rights": it is, without the right to post.
  if (error.status === 403 || /need administrator rights/i.test(error.description))
    return `bot kanalga xabar yubora olmaydi: uni kanalga administrator qilib qo'shing ${telegram}`;
  if (error.status === 400 && /chat not found/i.test(error.description))
    return `kanal topilmadi: Kanal ID ni tekshiring ${telegram}`;
  return `Telegram xabarni qabul qilmadi ${telegram}`;
}

export const GAVE_UP = "24 soat davomida Telegram bilan bog'lanib bo'lmadi";
