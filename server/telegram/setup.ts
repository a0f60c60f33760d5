import { badRequest, HttpError } from '../errors';
import { messages } from '../messages';
import {
  BotApiError,
  type BotApiOptions,
  callBotApi,
  chatIdParam,
  type TelegramChat,
  type TelegramUser,
} from './bot-api';

/**
 * Saving a bot token or a channel checks them with Telegram: a token Telegram does not know, a channel it
 * cannot find, or a bot that may not post there is refused with a clear Uzbek message naming the field, instead of a
 * save that silently never delivers. The messages use the API's field wording (`"bot_token" maydoni noto'g'ri: …`),
 * which the panel turns into the field's label.
 */

/** What @BotFather hands out: the bot's id, a colon, and about 35 URL-safe characters. */
export const BOT_TOKEN_PATTERN = /^\d{5,}:[A-Za-z0-9_-]{30,}$/;

// The API tests compare answers with these names.
export const SETUP_ERRORS = {
  tokenShape: messages.botTokenShape,
  tokenUnknown: messages.botTokenUnknown,
  chatNotFound: messages.channelNotFound,
  cannotPost: messages.channelCannotPost,
  unreachable: messages.telegramUnreachable,
} as const;

interface ChatMember {
  status: string;
  can_post_messages?: boolean;
}

/** Whether a member of that status may post: in a channel an administrator with the right; in a group any member. */
function mayPost(chat: TelegramChat, member: ChatMember): boolean {
  if (member.status === 'creator') return true;
  if (chat.type === 'channel') return member.status === 'administrator' && member.can_post_messages !== false;
  return ['administrator', 'member'].includes(member.status);
}

/** Answers the bot, or throws the field's 400 (or the "cannot reach Telegram" one). */
export async function checkBotToken(api: BotApiOptions, token: string): Promise<TelegramUser> {
  if (!BOT_TOKEN_PATTERN.test(token)) throw badRequest(messages.botTokenShape);
  try {
    return await callBotApi<TelegramUser>(api, token, 'getMe');
  } catch (error) {
    throw asSetupError(error, () => messages.botTokenUnknown);
  }
}

/** Checks that the chat exists and the bot may post in it; throws the field's 400 otherwise. */
export async function checkChannel(
  api: BotApiOptions,
  token: string,
  bot: TelegramUser,
  channelId: string,
): Promise<void> {
  const chatId = chatIdParam(channelId);
  try {
    const chat = await callBotApi<TelegramChat>(api, token, 'getChat', { chat_id: chatId });
    const member = await callBotApi<ChatMember>(api, token, 'getChatMember', { chat_id: chatId, user_id: bot.id });
    if (!mayPost(chat, member)) throw badRequest(messages.channelCannotPost);
  } catch (error) {
    throw asSetupError(error, (failure) =>
      failure.status === 403 || /need administrator rights/i.test(failure.description)
        ? messages.channelCannotPost
        : messages.channelNotFound,
    );
  }
}

/** Both, as a save needs them: the token alone when there is no channel yet. */
export async function checkTelegramSettings(
  api: BotApiOptions,
  settings: { bot_token: string | null; channel_id: string | null },
): Promise<void> {
  if (!settings.bot_token) return;
  const bot = await checkBotToken(api, settings.bot_token);
  if (settings.channel_id) await checkChannel(api, settings.bot_token, bot, settings.channel_id);
}

function asSetupError(error: unknown, refused: (failure: BotApiError) => string): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof BotApiError && error.permanent) return badRequest(refused(error));
  const why = error instanceof BotApiError ? error.description : String(error);
  return new HttpError(502, messages.telegramUnreachable(why));
}
