import { ApiError } from '../../client/client';

/** The HTTP status of a failed call (0: the server was not reached or the error is not an API error). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The server's own message for a failed call, when it sent one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status !== 0 ? error.message : null;
}
