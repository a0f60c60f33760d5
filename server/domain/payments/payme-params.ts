import { faults, isObject, PaymeError } from './payme-rpc';

/**
 * Each method's named params, checked for presence and type (-32600 otherwise, as a malformed request). What they
 * mean (an amount that is not the payment's, an unknown order) is the methods' to judge, with Payme's own codes.
 */

export interface AccountParams {
  amount: number;
  account: Record<string, unknown>;
}
export interface CreateParams extends AccountParams {
  id: string;
  time: number;
}
export interface IdParams {
  id: string;
}
export interface CancelParams extends IdParams {
  reason: number;
}
export interface StatementParams {
  from: number;
  to: number;
}
export interface FiscalParams extends IdParams {
  type: 'PERFORM' | 'CANCEL';
  fiscal_data: Record<string, unknown>;
}

const invalid = (): never => {
  throw new PaymeError(faults.invalidRequest());
};

const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : invalid());
const integer = (value: unknown): number => (Number.isInteger(value) ? (value as number) : invalid());
/** Payme's transaction id: 24 hex digits in its docs; any short id is kept as sent (it is only ever compared). */
const transactionId = (value: unknown): string =>
  typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : invalid();
const object = (value: unknown): Record<string, unknown> => (isObject(value) ? value : invalid());

export const accountParams = (p: Record<string, unknown>): AccountParams => ({
  amount: number(p.amount),
  account: object(p.account),
});

export const createParams = (p: Record<string, unknown>): CreateParams => ({
  ...accountParams(p),
  id: transactionId(p.id),
  time: integer(p.time),
});

export const idParams = (p: Record<string, unknown>): IdParams => ({ id: transactionId(p.id) });

export const cancelParams = (p: Record<string, unknown>): CancelParams => ({
  id: transactionId(p.id),
  reason: integer(p.reason),
});

export const statementParams = (p: Record<string, unknown>): StatementParams => ({
  from: integer(p.from),
  to: integer(p.to),
});

export const fiscalParams = (p: Record<string, unknown>): FiscalParams => ({
  id: transactionId(p.id),
  type: p.type === 'PERFORM' || p.type === 'CANCEL' ? p.type : invalid(),
  fiscal_data: object(p.fiscal_data),
});
