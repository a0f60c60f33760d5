import { badRequest, TelegramApiError } from './api-error';
import { type ParsedHtml, parseTelegramHtml, TelegramHtmlError } from './html-check';
import type { BotRecord, ChatRecord, InlineKeyboard, StoredMessage, TelegramSimulatorState } from './state';

/**
 * The Bot API methods the product uses, with Telegram's validation and error wording (core.telegram.org/bots/api and
 * the descriptions its servers give). Each takes the calling bot and the request's parameters and returns `result`
 * (and, for the webhook methods, Telegram's `description`), or throws TelegramApiError.
 */

export interface MethodContext {
  state: TelegramSimulatorState;
  bot: BotRecord;
  body: Record<string, unknown>;
  /** Aborts when the caller hung up (ends a long poll). */
  signal: AbortSignal;
  rateLimits: boolean;
}

export interface MethodAnswer {
  result: unknown;
  description?: string;
}

type Method = (context: MethodContext) => MethodAnswer | Promise<MethodAnswer>;

const MAX_TEXT_LENGTH = 4096;
const MAX_CALLBACK_DATA_BYTES = 64;
const PER_CHAT_PER_MINUTE = 20;

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/** Parameters may come as JSON values or, as Telegram also accepts, as strings (form or query). */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return undefined;
}

function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** Telegram accepts a JSON-serialized string wherever an object or array is expected. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return Symbol('unparsable');
  }
}

function stringList(value: unknown, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  const list = jsonValue(value);
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw badRequest(`can't parse ${field} JSON object`);
  }
  return list;
}

function chatOf(context: MethodContext): ChatRecord {
  const raw = context.body.chat_id;
  if (raw === undefined || raw === '') throw badRequest('chat_id is empty');
  const id = integer(raw);
  const chat =
    id !== undefined ? context.state.findChat(id) : typeof raw === 'string' ? context.state.findChat(raw) : undefined;
  if (!chat) throw badRequest('chat not found');
  return chat;
}

const chatWord = (chat: ChatRecord) =>
  chat.type === 'channel' ? 'channel' : chat.type === 'group' ? 'group' : 'supergroup';

/** May this bot post in the chat? Telegram's answers when it may not. */
function requirePosting(context: MethodContext, chat: ChatRecord): void {
  const member = context.state.membership(chat, context.bot.user.id);
  if (member.status === 'left')
    throw new TelegramApiError(403, `Forbidden: bot is not a member of the ${chatWord(chat)} chat`);
  if (chat.type === 'channel' && !(member.status === 'administrator' && member.canPostMessages)) {
    throw badRequest('need administrator rights in the channel chat');
  }
}

interface Content {
  text: string;
  parse_mode?: string;
  parsed: ParsedHtml | { text: string; entities: [] };
}

function contentOf(body: Record<string, unknown>): Content {
  const text = typeof body.text === 'string' ? body.text : body.text === undefined ? '' : String(body.text);
  const parseMode = typeof body.parse_mode === 'string' && body.parse_mode !== '' ? body.parse_mode : undefined;
  let parsed: Content['parsed'] = { text, entities: [] };
  if (parseMode === 'HTML') {
    try {
      parsed = parseTelegramHtml(text);
    } catch (error) {
      if (error instanceof TelegramHtmlError) throw badRequest(`can't parse entities: ${error.message}`);
      throw error;
    }
  } else if (parseMode !== undefined && parseMode !== 'Markdown' && parseMode !== 'MarkdownV2') {
    throw badRequest('unsupported parse_mode');
  }
  if (parsed.text.trim() === '') throw badRequest('message text is empty');
  if (parsed.text.length > MAX_TEXT_LENGTH) throw badRequest('message is too long');
  return { text, ...(parseMode ? { parse_mode: parseMode } : {}), parsed };
}

/** An inline keyboard of callback buttons (the only kind the product sends), or undefined when none was given. */
function keyboardOf(body: Record<string, unknown>): InlineKeyboard | undefined {
  if (body.reply_markup === undefined || body.reply_markup === null) return undefined;
  const markup = jsonValue(body.reply_markup);
  if (typeof markup !== 'object' || markup === null) throw badRequest("can't parse reply keyboard markup JSON object");
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (rows === undefined && Object.keys(markup).length === 0) return undefined;
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const keyboard: InlineKeyboard = { inline_keyboard: [] };
  for (const row of rows as unknown[][]) {
    const buttons: InlineKeyboard['inline_keyboard'][number] = [];
    for (const button of row) {
      const { text, callback_data: data } = (button ?? {}) as { text?: unknown; callback_data?: unknown };
      if (typeof text !== 'string' || text === '')
        throw badRequest('can\'t parse inline keyboard button: Field "text" must be of type String');
      if (data === undefined) {
        throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
      }
      if (typeof data !== 'string' || data === '' || new TextEncoder().encode(data).length > MAX_CALLBACK_DATA_BYTES) {
        throw badRequest('BUTTON_DATA_INVALID');
      }
      buttons.push({ text, callback_data: data });
    }
    if (buttons.length > 0) keyboard.inline_keyboard.push(buttons);
  }
  return keyboard.inline_keyboard.length > 0 ? keyboard : undefined;
}

/** Telegram's flood control per chat: one message a second, 20 a minute (429 with the seconds to wait). */
function checkRate(context: MethodContext, chat: ChatRecord): void {
  const now = context.state.now();
  chat.sentAt = chat.sentAt.filter((at) => at > now - 60_000);
  const last = chat.sentAt.at(-1);
  let waitMs = 0;
  if (last !== undefined && now - last < 1000) waitMs = 1000 - (now - last);
  if (chat.sentAt.length >= PER_CHAT_PER_MINUTE) waitMs = Math.max(waitMs, chat.sentAt[0]! + 60_000 - now);
  if (waitMs > 0) {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    throw new TelegramApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  }
}

function messageToEdit(context: MethodContext): { chat: ChatRecord; message: StoredMessage } {
  if (context.body.inline_message_id !== undefined) {
    throw badRequest('inline messages are not supported by the Telegram simulator');
  }
  const chat = chatOf(context);
  const messageId = integer(context.body.message_id);
  if (messageId === undefined) throw badRequest('message identifier is not specified');
  if (context.state.membership(chat, context.bot.user.id).status === 'left') {
    throw new TelegramApiError(403, `Forbidden: bot is not a member of the ${chatWord(chat)} chat`);
  }
  const message = chat.messages.find((m) => m.message_id === messageId);
  if (!message) throw badRequest('message to edit not found');
  if (message.botId !== context.bot.user.id) throw badRequest("message can't be edited");
  return { chat, message };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const getMe: Method = ({ state, bot }) => ({
  result: {
    ...state.userObject(bot.user, true),
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  },
});

const getChat: Method = (context) => {
  const chat = chatOf(context);
  return { result: { ...context.state.chatObject(chat), accent_color_id: 0, max_reaction_count: 11 } };
};

/** An administrator's rights as Telegram lists them (a channel's include posting; a group's pinning). */
function adminRights(chat: ChatRecord, canPost: boolean): Record<string, unknown> {
  return {
    can_be_edited: false,
    is_anonymous: false,
    can_manage_chat: true,
    can_delete_messages: true,
    can_manage_video_chats: true,
    can_restrict_members: true,
    can_promote_members: false,
    can_change_info: true,
    can_invite_users: true,
    can_post_stories: false,
    can_edit_stories: false,
    can_delete_stories: false,
    ...(chat.type === 'channel'
      ? { can_post_messages: canPost, can_edit_messages: canPost }
      : { can_pin_messages: true }),
  };
}

/** A bot (its membership) or a person the simulator knows (a presser, or one a test placed); else "user not found". */
const getChatMember: Method = (context) => {
  const chat = chatOf(context);
  const userId = integer(context.body.user_id);
  if (userId === undefined) throw badRequest('invalid user_id specified');
  const bot = context.state.botById(userId);
  if (!bot) {
    const person = context.state.users.get(userId);
    if (!person) throw badRequest('user not found');
    const user = context.state.userObject(person, false);
    const status = chat.people.get(userId) ?? 'left';
    if (status === 'creator') return { result: { user, status, is_anonymous: false } };
    if (status === 'administrator') return { result: { user, status, ...adminRights(chat, true) } };
    if (status === 'kicked') return { result: { user, status, until_date: 0 } };
    return { result: { user, status } };
  }
  const member = context.state.membership(chat, userId);
  const user = context.state.userObject(bot.user, true);
  if (member.status !== 'administrator') return { result: { user, status: member.status } };
  return { result: { user, status: 'administrator', ...adminRights(chat, member.canPostMessages) } };
};

const sendMessage: Method = (context) => {
  const chat = chatOf(context);
  const content = contentOf(context.body);
  const keyboard = keyboardOf(context.body);
  requirePosting(context, chat);
  if (context.rateLimits) checkRate(context, chat);
  const now = context.state.now();
  chat.sentAt.push(now);
  const message: StoredMessage = {
    message_id: chat.nextMessageId++,
    date: Math.floor(now / 1000),
    chat_id: chat.id,
    text: content.text,
    ...(content.parse_mode ? { parse_mode: content.parse_mode } : {}),
    ...(keyboard ? { reply_markup: keyboard } : {}),
    edit_count: 0,
    botId: context.bot.user.id,
    plain: content.parsed.text,
    entities: content.parsed.entities,
  };
  chat.messages.push(message);
  return { result: context.state.messageObject(chat, message) };
};

/** Without reply_markup an edit removes the keyboard, as in Telegram. */
const editMessageText: Method = (context) => {
  const { chat, message } = messageToEdit(context);
  const content = contentOf(context.body);
  const keyboard = keyboardOf(context.body);
  if (
    content.parsed.text === message.plain &&
    sameJson(content.parsed.entities, message.entities) &&
    sameJson(keyboard, message.reply_markup)
  ) {
    throw badRequest(NOT_MODIFIED);
  }
  message.text = content.text;
  if (content.parse_mode) message.parse_mode = content.parse_mode;
  else delete message.parse_mode;
  message.plain = content.parsed.text;
  message.entities = content.parsed.entities;
  if (keyboard) message.reply_markup = keyboard;
  else delete message.reply_markup;
  message.edit_count++;
  message.edited_at = Math.floor(context.state.now() / 1000);
  return { result: context.state.messageObject(chat, message) };
};

const editMessageReplyMarkup: Method = (context) => {
  const { chat, message } = messageToEdit(context);
  const keyboard = keyboardOf(context.body);
  if (sameJson(keyboard, message.reply_markup)) throw badRequest(NOT_MODIFIED);
  if (keyboard) message.reply_markup = keyboard;
  else delete message.reply_markup;
  message.edit_count++;
  message.edited_at = Math.floor(context.state.now() / 1000);
  return { result: context.state.messageObject(chat, message) };
};

const answerCallbackQuery: Method = ({ state, bot, body }) => {
  const id = typeof body.callback_query_id === 'string' ? body.callback_query_id : String(body.callback_query_id ?? '');
  const query = state.queries.get(id);
  if (!query || query.answered || query.botId !== bot.user.id) {
    throw badRequest('query is too old and response timeout expired or query ID is invalid');
  }
  if (typeof body.text === 'string' && body.text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
  query.answered = true;
  state.recordAnswer({
    callback_query_id: id,
    ...(typeof body.text === 'string' ? { text: body.text } : {}),
    ...(body.show_alert !== undefined ? { show_alert: bool(body.show_alert) } : {}),
  });
  return { result: true };
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const setWebhook: Method = ({ state, bot, body }) => {
  const url = typeof body.url === 'string' ? body.url.trim() : '';
  const drop = bool(body.drop_pending_updates);
  if (url === '') {
    const had = state.updates.deleteWebhook(bot.user.id, drop);
    return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  // Telegram's cloud insists on HTTPS; the simulator also lets a test's own server on loopback use plain HTTP.
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname))) {
    throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  }
  const secret = body.secret_token;
  if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
    throw badRequest('secret token contains unallowed characters');
  }
  const allowed = stringList(body.allowed_updates, 'allowed_updates');
  state.updates.setWebhook(
    bot.user.id,
    { url, ...(secret ? { secret_token: secret } : {}), ...(allowed ? { allowed_updates: allowed } : {}) },
    drop,
  );
  return { result: true, description: 'Webhook was set' };
};

const deleteWebhook: Method = ({ state, bot, body }) => {
  const had = state.updates.deleteWebhook(bot.user.id, bool(body.drop_pending_updates));
  return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
};

const getWebhookInfo: Method = ({ state, bot }) => ({ result: state.updates.info(bot.user.id) });

const getUpdates: Method = async ({ state, bot, body, signal }) => {
  const limit = Math.min(100, Math.max(1, integer(body.limit) ?? 100));
  const allowedUpdates = stringList(body.allowed_updates, 'allowed_updates');
  const result = await state.updates.poll(
    bot.user.id,
    {
      offset: integer(body.offset) ?? 0,
      limit,
      timeout: Math.max(0, integer(body.timeout) ?? 0),
      ...(allowedUpdates ? { allowedUpdates } : {}),
    },
    signal,
  );
  return { result };
};

/** By name; Telegram matches method names without regard to case. */
export const METHODS: Record<string, Method> = {
  getMe,
  getChat,
  getChatMember,
  sendMessage,
  editMessageText,
  editMessageReplyMarkup,
  answerCallbackQuery,
  setWebhook,
  deleteWebhook,
  getWebhookInfo,
  getUpdates,
};

const BY_LOWER_CASE = new Map(Object.keys(METHODS).map((name) => [name.toLowerCase(), name]));

/** The method's canonical name (`sendmessage` → `sendMessage`), or undefined for one the simulator does not know. */
export const methodName = (name: string): string | undefined => BY_LOWER_CASE.get(name.toLowerCase());
