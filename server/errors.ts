import { messages } from './messages';

/** An error a client caused or may see: the central error handler answers it as `{ statusCode, error, message }`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = messages.tokenRequired) => new HttpError(401, message);
export const forbidden = (message = messages.noPermission) => new HttpError(403, message);
export const notFound = (message = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** PostgreSQL error codes we translate into client errors instead of 500s. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/**
 * An ON DELETE RESTRICT foreign key refusing a delete: PostgreSQL 15 reports it as 23503, PGlite (PostgreSQL 18) as
 * restrict_violation.
 */
export const PG_RESTRICT_VIOLATION = '23001';

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or on its cause. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
