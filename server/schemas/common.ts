import { Type } from 'typebox';

/** Shared pieces of every route schema. */
export const Id = Type.String({ format: 'uuid', description: 'Identifier (UUID)' });
export const ErrorBody = Type.Object(
  { statusCode: Type.Integer(), error: Type.String(), message: Type.String() },
  { description: 'Every error: HTTP status, its name and an Uzbek message' },
);
/** Response schemas for the error statuses a call can answer. */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, ErrorBody]));
}
export const Timestamp = Type.String({ description: 'ISO 8601 timestamp' });
export const Counts = Type.Object({
  all_count: Type.Integer(),
  active_count: Type.Integer(),
  inactive_count: Type.Integer(),
});
export const Ok = Type.Object({ success: Type.Literal(true), message: Type.String() });
export const bearer = [{ bearerAuth: [] }];
