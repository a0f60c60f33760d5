import { ApiError } from '../../client/client';

/** The HTTP status of a failed call (0: the server was not reached or the error is not an API error). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/** The server's own message for a failed call, when it sent one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status !== 0 ? error.message : null;
}

/**
 * The server names a field by its API key (`"name" maydoni noto'g'ri: …`); a form shows the field's label instead
 * (`"Nomi" maydoni noto'g'ri: …`). Keys the form does not know are left as they are.
 */
export function withFieldLabels(message: string, labels: Readonly<Record<string, string>>): string {
  return message.replace(/"([A-Za-z_]+)"(?= maydon)/g, (quoted, key: string) =>
    Object.hasOwn(labels, key) ? `"${labels[key]}"` : quoted,
  );
}
