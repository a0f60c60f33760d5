/**
 * An answer other than 200, sent in iiko's error shape `{ correlationId, errorDescription, error }` with this status
 * (400 for a request iiko refuses as it stands, 401, 404, 408, 410, 500…).
 */
export class HttpFailure extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** A 400 as iiko answers a request it refuses before doing anything. */
export const badRequest = (message: string) => new HttpFailure(400, message, 'BAD_REQUEST');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A required list of uuids (`what` names the field in the refusal). */
export function uuidArray(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every(isUuid)) throw badRequest(`${what} must be an array of uuids`);
  return value as string[];
}

/** An optional uuid: undefined and null read as null. */
export function optionalUuid(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (!isUuid(value)) throw badRequest(`${what} must be a uuid`);
  return value;
}
