/**
 * The Telegram Bot API as Menyu calls it: `POST {base}/bot{token}/{method}` with a JSON body, answered
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }` (../shared/telegram/README.md).
 * The token is a secret: it is in the URL only, never in an error message or a log line.
 */

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';
/** An answer later than this counts as a failure to retry (Telegram answers in well under a second). */
export const BOT_API_TIMEOUT_MS = 10_000;

/** What a failed call tells the caller: Telegram's own code and description, or status 0 when no answer came. */
export class BotApiError extends Error {
  constructor(
    /** Telegram's error_code (= HTTP status), or 0 for no answer (network, timeout, not JSON). */
    public readonly status: number,
    public readonly description: string,
    /** From a 429: seconds to wait before the next call. */
    public readonly retryAfter?: number,
  ) {
    super(status === 0 ? description : `Telegram ${status}: ${description}`);
    this.name = 'BotApiError';
  }

  /** 429, 5xx, a 409 and no answer at all pass; 400, 401, 403 and 404 will answer the same next time. */
  get permanent(): boolean {
    return [400, 401, 403, 404].includes(this.status);
  }
}

export interface TelegramUser {
  id: number;
  is_bot?: boolean;
  first_name: string;
  username?: string;
}
export interface TelegramChat {
  id: number;
  type: 'channel' | 'group' | 'supergroup' | 'private';
  title?: string;
}
export interface TelegramMessage {
  message_id: number;
  date: number;
  chat: TelegramChat;
  text?: string;
}
export interface TelegramCallbackQuery {
  id: string;
  from: TelegramUser;
  message?: TelegramMessage;
  data?: string;
}
export interface TelegramUpdate {
  update_id: number;
  callback_query?: TelegramCallbackQuery;
}
export interface InlineButton {
  text: string;
  callback_data: string;
}
export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export interface BotApiOptions {
  /** TELEGRAM_API_URL (default https://api.telegram.org). */
  baseUrl: string;
  timeoutMs?: number;
}

/** One Bot API call. Throws BotApiError; `signal` aborts it (a poller that stops). */
export async function callBotApi<T>(
  options: BotApiOptions,
  token: string,
  method: string,
  body: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? BOT_API_TIMEOUT_MS);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/bot${token}/${method}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // fetch's message may carry the URL, and with it the token: say only what happened.
    const reason = timeout.aborted ? 'no answer in time' : signal?.aborted ? 'aborted' : 'no connection';
    throw new BotApiError(0, `Telegram: ${reason} (${(error as Error).name})`);
  }
  let answer: {
    ok?: boolean;
    result?: T;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  };
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    throw new BotApiError(response.ok ? 0 : response.status, `Telegram answered ${response.status} without JSON`);
  }
  if (answer.ok === true) return answer.result as T;
  throw new BotApiError(
    answer.error_code ?? response.status,
    answer.description ?? `HTTP ${response.status}`,
    answer.parameters?.retry_after,
  );
}

/** The bot's id: the digits before the token's colon (not secret; it keys the updates and the pollers). */
export function botIdOf(token: string): string {
  return token.split(':', 1)[0] ?? '';
}

/** `chat_id` as Telegram takes it: a number for ids (`-100…`), the text for `@channelusername`. */
export function chatIdParam(channelId: string): number | string {
  return /^-?\d+$/.test(channelId) ? Number(channelId) : channelId;
}
