import { type TNumberOptions, type TStringOptions, Type } from 'typebox';

/** Shared pieces of every route schema. */
export const Id = Type.String({ format: 'uuid', description: 'Identifier (UUID)' });
/** A path's one `:id`. */
export const IdParams = Type.Object({ id: Id });

/**
 * Every text a request carries (body field, query or path parameter) is one of these, so none can hold a control
 * character (see keywords.ts); tests/server/control-characters.test.ts walks /docs/json to keep it so.
 */
export const Text = (options: TStringOptions = {}) => Type.String({ ...options, noControlCharacters: 'single-line' });
/** Text that may span lines (a description): tab and line breaks are allowed, other controls are not. */
export const MultiLineText = (options: TStringOptions = {}) =>
  Type.String({ ...options, noControlCharacters: 'multi-line' });
/** A title, name, address…: single-line text with at least one visible character. */
export const VisibleText = (options: TStringOptions = {}) =>
  Type.String({ ...options, noControlCharacters: 'single-line', notBlank: true });

/** Money in so'm: a JSON number with at most 2 decimals (tiyin), never rounded behind the caller's back. */
export const Money = (options: TNumberOptions = {}) => Type.Number({ ...options, maxDecimals: 2 });
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
