/** A Bot API error answer: `{ ok: false, error_code: status, description, parameters? }` with HTTP status = error_code. */
export class TelegramApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly description: string,
    public readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
  }
}

export const badRequest = (reason: string) => new TelegramApiError(400, `Bad Request: ${reason}`);

/** The descriptions Telegram gives for a bare status, for failNext without its own description. */
export const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
