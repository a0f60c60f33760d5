import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pgErrorCode } from '../errors';

/** A server error as the error log gets it. */
export interface LoggedError {
  type: string;
  message: string;
  /** The SQLSTATE of a database error (e.g. 42P01 undefined table). */
  code?: string;
  /** The failed statement with its `$1` placeholders, never their values. */
  query?: string;
  stack?: string;
}

/**
 * What a 5xx writes to the log. A database error cannot be logged as it is: drizzle's message ends with the query's
 * parameters (`params: <the login, the slug…>`), the driver's error repeats them as properties, and PostgreSQL's own
 * message and detail quote the offending value (`invalid input syntax for type uuid: "…"`, `Key (login)=(…)`). So it
 * is logged by its SQLSTATE and its parameterised SQL only. Other errors come from our code and keep their message.
 */
export function loggedError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'A value that is not an Error was thrown' };
  const type = error.constructor.name || error.name;
  const code = pgErrorCode(error);
  const query = failedQuery(error);
  if (code === undefined && query === undefined) {
    return { type, message: error.message, stack: error.stack };
  }
  const message = `Database error${code ? ` ${code}` : ''}`;
  return { type, message, code, query, stack: `${type}: ${message}\n${stackFrames(error.stack)}` };
}

/** drizzle's statement text, from the error or the cause it wraps. */
function failedQuery(error: Error): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if (current instanceof DrizzleQueryError) return current.query;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The `at …` lines of a stack, without the message above them (which may span lines and hold the values). */
function stackFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
