import type { TelegramEntity } from './html-check';
import { UpdateHub } from './updates';

/**
 * What the Telegram simulator knows: bots, chats (channels and groups) with each bot's membership, the messages the
 * bots posted, callback queries, the calls received and the failures tests asked for. The Bot API methods
 * (methods.ts) and the tests (through `control`) both work on it.
 */

export interface SimUser {
  id: number;
  first_name: string;
  username?: string;
}

export interface InlineKeyboard {
  inline_keyboard: { text: string; callback_data: string }[][];
}

/** A message as a test sees it: `text` exactly as the bot sent it (HTML source when parse_mode is "HTML"). */
export interface SimMessage {
  message_id: number;
  /** Unix seconds. */
  date: number;
  chat_id: number;
  text: string;
  parse_mode?: string;
  reply_markup?: InlineKeyboard;
  edit_count: number;
  /** Unix seconds of the last edit (Telegram's edit_date). */
  edited_at?: number;
}

export interface SimFailure {
  /** 0: the connection is dropped without an answer; 2xx: the call is served normally (late, with delayMs). */
  status: number;
  description?: string;
  retry_after?: number;
  delayMs?: number;
}

export interface SimCall {
  method: string;
  token: string;
  body: Record<string, unknown>;
  at: number;
}

export interface SimCallbackAnswer {
  callback_query_id: string;
  text?: string;
  show_alert?: boolean;
}

export type ChatType = 'channel' | 'group' | 'supergroup';
export type MemberStatus = 'administrator' | 'member' | 'left';
/** A person's place in a chat (Telegram's ChatMember statuses; "kicked" is a ban). */
export type UserStatus = 'creator' | 'administrator' | 'member' | 'left' | 'kicked';

export interface TelegramSimulatorControl {
  addBot(bot: { token: string; username: string; first_name?: string }): SimUser;
  addChat(chat: { id: number; type: ChatType; title: string; username?: string }): void;
  setMember(chatId: number, botToken: string, status: MemberStatus, canPostMessages?: boolean): void;
  /** A person (not a bot) in a chat: what getChatMember answers about them. Telegram then knows the user. */
  setUserMember(chatId: number, user: SimUser, status: UserStatus): void;
  /** Whether the bot may post in the chat now (false for a bot or chat the simulator does not know). */
  mayPost(chatId: number, botToken: string): boolean;
  chats(): { id: number; type: string; title: string; username?: string }[];
  /** Oldest first, as last edited. */
  messages(chatId: number): SimMessage[];
  /**
   * A staff member presses an inline button: a callback_query update for the bot that sent the message, delivered
   * by webhook when one is set (resolves after the first attempt), else kept for getUpdates (resolves at once).
   */
  press(
    chatId: number,
    messageId: number,
    callbackData: string,
    from?: SimUser,
  ): Promise<{ update_id: number; callback_query_id: string }>;
  callbackAnswers(): SimCallbackAnswer[];
  /** The next `times` (default 1) calls of `method` (any bot) answer `failure` instead. */
  failNext(method: string, failure: SimFailure, times?: number): void;
  calls(method?: string): SimCall[];
  webhook(token: string): { url: string; secret_token?: string; allowed_updates?: string[] } | undefined;
  waitForMessage(chatId: number, predicate: (m: SimMessage) => boolean, timeoutMs?: number): Promise<SimMessage>;
  reset(): void;
}

export interface BotRecord {
  token: string;
  user: SimUser;
}

export interface Membership {
  status: MemberStatus;
  canPostMessages: boolean;
}

export interface StoredMessage extends SimMessage {
  botId: number;
  /** The text after entity parsing, and its entities: what the API's Message carries. */
  plain: string;
  entities: TelegramEntity[];
}

export interface ChatRecord {
  id: number;
  type: ChatType;
  title: string;
  username?: string;
  members: Map<number, Membership>;
  /** People's statuses by user id (a person never set here is "left"). */
  people: Map<number, UserStatus>;
  messages: StoredMessage[];
  nextMessageId: number;
  /** When each message was sent (ms), for the rate limits. */
  sentAt: number[];
}

/** Who presses buttons when a test does not say. */
export const DEFAULT_PRESSER: SimUser = { id: 5000002, first_name: 'Test xodim', username: 'test_xodim' };

const toSimMessage = (m: StoredMessage): SimMessage => {
  const copy: SimMessage = {
    message_id: m.message_id,
    date: m.date,
    chat_id: m.chat_id,
    text: m.text,
    edit_count: m.edit_count,
  };
  if (m.parse_mode !== undefined) copy.parse_mode = m.parse_mode;
  if (m.reply_markup !== undefined) copy.reply_markup = structuredClone(m.reply_markup);
  if (m.edited_at !== undefined) copy.edited_at = m.edited_at;
  return copy;
};

export class TelegramSimulatorState implements TelegramSimulatorControl {
  bots = new Map<string, BotRecord>();
  chatsById = new Map<number, ChatRecord>();
  updates: UpdateHub;
  private failures: { method: string; failure: SimFailure; remaining: number }[] = [];
  private callLog: SimCall[] = [];
  private answers: SimCallbackAnswer[] = [];
  /** Callback queries made by press(): which bot may answer each, and whether it did. */
  queries = new Map<string, { botId: number; answered: boolean }>();
  /** The people Telegram knows here: every presser and every member set by a test. */
  users = new Map<number, SimUser>();
  private nextQueryId = 1;

  constructor(readonly now: () => number) {
    this.updates = new UpdateHub(now);
  }

  botById(id: number): BotRecord | undefined {
    for (const bot of this.bots.values()) if (bot.user.id === id) return bot;
    return undefined;
  }

  /** `@username` or an id. */
  findChat(chatId: number | string): ChatRecord | undefined {
    if (typeof chatId === 'number') return this.chatsById.get(chatId);
    const name = chatId.replace(/^@/, '').toLowerCase();
    for (const chat of this.chatsById.values()) if (chat.username?.toLowerCase() === name) return chat;
    return undefined;
  }

  private chat(chatId: number): ChatRecord {
    const chat = this.chatsById.get(chatId);
    if (!chat) throw new Error(`Telegram simulator: no chat ${chatId}`);
    return chat;
  }

  membership(chat: ChatRecord, botId: number): Membership {
    return chat.members.get(botId) ?? { status: 'left', canPostMessages: false };
  }

  chatObject(chat: ChatRecord): Record<string, unknown> {
    return { id: chat.id, type: chat.type, title: chat.title, ...(chat.username ? { username: chat.username } : {}) };
  }

  userObject(user: SimUser, isBot: boolean): Record<string, unknown> {
    return {
      id: user.id,
      is_bot: isBot,
      first_name: user.first_name,
      ...(user.username ? { username: user.username } : {}),
    };
  }

  /** The Bot API's Message: a channel post is signed by the channel (sender_chat), a group message by the bot. */
  messageObject(chat: ChatRecord, message: StoredMessage): Record<string, unknown> {
    const bot = this.botById(message.botId);
    return {
      message_id: message.message_id,
      ...(chat.type === 'channel'
        ? { sender_chat: this.chatObject(chat) }
        : bot
          ? { from: this.userObject(bot.user, true) }
          : {}),
      chat: this.chatObject(chat),
      date: message.date,
      ...(message.edited_at !== undefined ? { edit_date: message.edited_at } : {}),
      text: message.plain,
      ...(message.entities.length > 0 ? { entities: structuredClone(message.entities) } : {}),
      ...(message.reply_markup ? { reply_markup: structuredClone(message.reply_markup) } : {}),
    };
  }

  recordCall(call: SimCall): void {
    this.callLog.push(call);
  }

  /** The failure the next call of `method` must answer, if a test asked for one. */
  takeFailure(method: string): SimFailure | undefined {
    const index = this.failures.findIndex((f) => f.method === method);
    if (index < 0) return undefined;
    const rule = this.failures[index]!;
    if (--rule.remaining <= 0) this.failures.splice(index, 1);
    return rule.failure;
  }

  recordAnswer(answer: SimCallbackAnswer): void {
    this.answers.push(answer);
  }

  // ---- control ----

  addBot(bot: { token: string; username: string; first_name?: string }): SimUser {
    const match = /^(\d+):[A-Za-z0-9_-]+$/.exec(bot.token);
    if (!match) throw new Error('Telegram simulator: a bot token looks like 123456789:AA… (digits, a colon, a secret)');
    const user: SimUser = { id: Number(match[1]), first_name: bot.first_name ?? bot.username, username: bot.username };
    this.bots.set(bot.token, { token: bot.token, user });
    return { ...user };
  }

  addChat(chat: { id: number; type: ChatType; title: string; username?: string }): void {
    const existing = this.chatsById.get(chat.id);
    this.chatsById.set(chat.id, {
      id: chat.id,
      type: chat.type,
      title: chat.title,
      ...(chat.username ? { username: chat.username } : {}),
      members: existing?.members ?? new Map(),
      people: existing?.people ?? new Map(),
      messages: existing?.messages ?? [],
      nextMessageId: existing?.nextMessageId ?? 1,
      sentAt: existing?.sentAt ?? [],
    });
  }

  setMember(chatId: number, botToken: string, status: MemberStatus, canPostMessages = true): void {
    const bot = this.bots.get(botToken);
    if (!bot) throw new Error('Telegram simulator: addBot that token first');
    this.chat(chatId).members.set(bot.user.id, {
      status,
      canPostMessages: status === 'administrator' && canPostMessages,
    });
  }

  setUserMember(chatId: number, user: SimUser, status: UserStatus): void {
    this.users.set(user.id, { ...user });
    this.chat(chatId).people.set(user.id, status);
  }

  mayPost(chatId: number, botToken: string): boolean {
    const bot = this.bots.get(botToken);
    const chat = this.chatsById.get(chatId);
    if (!bot || !chat) return false;
    const member = this.membership(chat, bot.user.id);
    return chat.type === 'channel'
      ? member.status === 'administrator' && member.canPostMessages
      : member.status === 'administrator' || member.status === 'member';
  }

  chats(): { id: number; type: string; title: string; username?: string }[] {
    return [...this.chatsById.values()].map((chat) => ({
      id: chat.id,
      type: chat.type,
      title: chat.title,
      ...(chat.username ? { username: chat.username } : {}),
    }));
  }

  messages(chatId: number): SimMessage[] {
    return this.chat(chatId).messages.map(toSimMessage);
  }

  async press(
    chatId: number,
    messageId: number,
    callbackData: string,
    from: SimUser = DEFAULT_PRESSER,
  ): Promise<{ update_id: number; callback_query_id: string }> {
    const chat = this.chat(chatId);
    const message = chat.messages.find((m) => m.message_id === messageId);
    if (!message) throw new Error(`Telegram simulator: no message ${messageId} in chat ${chatId}`);
    const buttons = message.reply_markup?.inline_keyboard.flat() ?? [];
    if (!buttons.some((b) => b.callback_data === callbackData)) {
      throw new Error(`Telegram simulator: message ${messageId} has no button with callback_data "${callbackData}"`);
    }
    // Telegram's ids are long decimal strings; a counter keeps them unique and readable in failures.
    const callbackQueryId = String(4_000_000_000_000_000n + BigInt(this.nextQueryId++));
    if (!this.users.has(from.id)) this.users.set(from.id, { ...from });
    this.queries.set(callbackQueryId, { botId: message.botId, answered: false });
    const query = {
      id: callbackQueryId,
      from: { ...this.userObject(from, false), language_code: 'uz' },
      message: this.messageObject(chat, message),
      chat_instance: String(-chat.id * 7 + message.botId),
      data: callbackData,
    };
    const updateId = await this.updates.add(message.botId, 'callback_query', (update_id) => ({
      update_id,
      callback_query: query,
    }));
    return { update_id: updateId, callback_query_id: callbackQueryId };
  }

  callbackAnswers(): SimCallbackAnswer[] {
    return this.answers.map((a) => ({ ...a }));
  }

  failNext(method: string, failure: SimFailure, times = 1): void {
    this.failures.push({ method, failure: { ...failure }, remaining: times });
  }

  calls(method?: string): SimCall[] {
    return this.callLog.filter((c) => method === undefined || c.method === method).map((c) => structuredClone(c));
  }

  webhook(token: string): { url: string; secret_token?: string; allowed_updates?: string[] } | undefined {
    const bot = this.bots.get(token);
    return bot && this.updates.webhook(bot.user.id);
  }

  async waitForMessage(chatId: number, predicate: (m: SimMessage) => boolean, timeoutMs = 5000): Promise<SimMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const chat = this.chatsById.get(chatId);
      const found = chat?.messages.map(toSimMessage).find(predicate);
      if (found) return found;
      if (Date.now() >= deadline) {
        const seen = chat ? chat.messages.map((m) => JSON.stringify(m.text)).join(', ') || 'none' : 'no such chat';
        throw new Error(
          `Telegram simulator: no matching message in chat ${chatId} within ${timeoutMs} ms (messages: ${seen})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  reset(): void {
    this.bots.clear();
    this.chatsById.clear();
    this.failures = [];
    this.callLog = [];
    this.answers = [];
    this.queries.clear();
    this.users.clear();
    this.nextQueryId = 1;
    this.updates.reset();
  }
}
