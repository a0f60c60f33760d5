import { type PaymeText, paymeMessages } from '../../messages/payments-payme';

/**
 * Payme's Merchant API is JSON-RPC 2.0 over an always-200 HTTP answer: `{ jsonrpc, id, result }` or `{ jsonrpc, id,
 * error: { code, message, data? } }`, `id` echoing the request's. The codes are Payme's (facts sheet 1.5).
 */

export const PAYME_ERRORS = {
  wrongAmount: -31001,
  transactionNotFound: -31003,
  cannotCancel: -31007,
  impossible: -31008,
  /** The account field's errors, -31050…-31099: the ones this server answers. */
  orderNotFound: -31050,
  orderPaid: -31051,
  orderCancelled: -31052,
  notPost: -32300,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  systemError: -32400,
  unauthorized: -32504,
} as const;

export type RpcId = number | string | null;

export interface PaymeFault {
  code: number;
  message: PaymeText;
  data?: unknown;
}

export type RpcAnswer =
  | { jsonrpc: '2.0'; id: RpcId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: RpcId; error: PaymeFault };

/** A refusal in Payme's terms; thrown inside a unit of work it also rolls the work back. */
export class PaymeError extends Error {
  constructor(readonly fault: PaymeFault) {
    super(`Payme error ${fault.code}`);
  }
}

const fault = (code: number, message: PaymeText, data?: unknown): PaymeFault =>
  data === undefined ? { code, message } : { code, message, data };

/** The account field every -310xx names: the cashbox's `order_id`. */
export const ACCOUNT_FIELD = 'order_id';

export const faults = {
  notPost: () => fault(PAYME_ERRORS.notPost, paymeMessages.notPost),
  parseError: () => fault(PAYME_ERRORS.parseError, paymeMessages.parseError),
  invalidRequest: () => fault(PAYME_ERRORS.invalidRequest, paymeMessages.invalidRequest),
  methodNotFound: (method: string) => fault(PAYME_ERRORS.methodNotFound, paymeMessages.methodNotFound, method),
  systemError: () => fault(PAYME_ERRORS.systemError, paymeMessages.systemError),
  unauthorized: () => fault(PAYME_ERRORS.unauthorized, paymeMessages.unauthorized),
  wrongAmount: () => fault(PAYME_ERRORS.wrongAmount, paymeMessages.wrongAmount),
  transactionNotFound: () => fault(PAYME_ERRORS.transactionNotFound, paymeMessages.transactionNotFound),
  orderServed: () => fault(PAYME_ERRORS.cannotCancel, paymeMessages.orderServed),
  otherTransaction: () => fault(PAYME_ERRORS.impossible, paymeMessages.otherTransaction),
  billTaken: () => fault(PAYME_ERRORS.impossible, paymeMessages.billTaken),
  wrongState: () => fault(PAYME_ERRORS.impossible, paymeMessages.wrongState),
  timedOut: () => fault(PAYME_ERRORS.impossible, paymeMessages.timedOut),
  orderNotFound: () => fault(PAYME_ERRORS.orderNotFound, paymeMessages.orderNotFound, ACCOUNT_FIELD),
  orderPaid: () => fault(PAYME_ERRORS.orderPaid, paymeMessages.orderPaid, ACCOUNT_FIELD),
  orderCancelled: () => fault(PAYME_ERRORS.orderCancelled, paymeMessages.orderCancelled, ACCOUNT_FIELD),
};

export const success = (id: RpcId, result: Record<string, unknown>): RpcAnswer => ({ jsonrpc: '2.0', id, result });
export const failure = (id: RpcId, error: PaymeFault): RpcAnswer => ({ jsonrpc: '2.0', id, error });

/** A request as Payme sends it: the method's name, its named params and the id to echo. */
export interface RpcRequest {
  id: RpcId;
  method: string;
  params: Record<string, unknown>;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the body: not JSON is -32700; JSON that is not a request (no string `method`, `params` not an object, an `id`
 * neither number nor string) is -32600. The `id` is echoed whenever one of the right type was sent.
 */
export function parseRequest(body: string | undefined): { request: RpcRequest } | { id: RpcId; error: PaymeFault } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    return { id: null, error: faults.parseError() };
  }
  if (!isObject(parsed)) return { id: null, error: faults.invalidRequest() };
  const { id, method, params } = parsed;
  const validId = (typeof id === 'number' && Number.isFinite(id)) || typeof id === 'string';
  const echoed = validId ? (id as number | string) : null;
  if (!validId || typeof method !== 'string' || !isObject(params)) {
    return { id: echoed, error: faults.invalidRequest() };
  }
  return { request: { id: echoed, method, params } };
}
