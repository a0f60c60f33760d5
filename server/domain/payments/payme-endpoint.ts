import { recordPaymentCall } from '../../repositories/payment-calls';
import type { DomainDeps } from '../deps';
import { isUuid } from './payme-account';
import { paymeAuthorized } from './payme-auth';
import { cancelTransaction } from './payme-cancel';
import { checkPerformTransaction } from './payme-check-perform';
import { createTransaction } from './payme-create';
import { accountParams, cancelParams, createParams, fiscalParams, idParams, statementParams } from './payme-params';
import { performTransaction } from './payme-perform';
import { checkTransaction, getStatement, setFiscalData } from './payme-reads';
import { failure, faults, isObject, PaymeError, parseRequest, type RpcAnswer, type RpcId, success } from './payme-rpc';
import type { MethodOutcome, PaymeCall } from './payme-transaction';
import { storedOrNone } from './settings';
import type { PaymentSettingsCache } from './settings-cache';

/**
 * What the endpoint needs beyond the database: the restaurants' payment settings (settings-cache.ts), where an
 * unexpected failure is logged, and the clock.
 */
export interface PaymeDeps extends DomainDeps {
  settingsOf: PaymentSettingsCache['get'];
  logFailure: (error: unknown) => void;
  now?: () => number;
}

/** A POST to `/payments/payme/{restaurant id}`, as received. */
export interface PaymeRequest {
  restaurantId: string;
  authorization: string | undefined;
  body: string | undefined;
}

type Method = (call: PaymeCall, params: Record<string, unknown>) => Promise<MethodOutcome>;

/** Payme's methods, each with its params' check (-32600 when they are malformed). */
const METHODS: Record<string, Method> = {
  CheckPerformTransaction: (call, p) => checkPerformTransaction(call, accountParams(p)),
  CreateTransaction: (call, p) => createTransaction(call, createParams(p)),
  PerformTransaction: (call, p) => performTransaction(call, idParams(p)),
  CancelTransaction: (call, p) => cancelTransaction(call, cancelParams(p)),
  CheckTransaction: (call, p) => checkTransaction(call, idParams(p)),
  GetStatement: (call, p) => getStatement(call, statementParams(p)),
  SetFiscalData: (call, p) => setFiscalData(call, fiscalParams(p)),
};

/**
 * What the record keeps of a call: its `params` as received, else the whole body (parsed, or its text). Never a bare
 * JSON null, which the record's column cannot hold: a body `null` is kept as its text, `"params": null` in its body.
 */
function received(body: string | undefined): { method: string; params: unknown } {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    if (!isObject(parsed)) return { method: '', params: parsed ?? body };
    return {
      method: typeof parsed.method === 'string' ? parsed.method : '',
      params: parsed.params ?? parsed,
    };
  } catch {
    return { method: '', params: body ?? '' };
  }
}

async function answer(deps: PaymeDeps, request: PaymeRequest, known: boolean, settings: PaymeCall['settings']) {
  const parsed = parseRequest(request.body);
  if ('error' in parsed) return failure(parsed.id, parsed.error);
  const { id, method, params } = parsed.request;
  // Nothing but -32504 for a caller without the key, whether the restaurant exists or not.
  if (!known || !paymeAuthorized(settings, request.authorization)) return failure(id, faults.unauthorized());
  const run = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!run) return failure(id, faults.methodNotFound(method));
  const call: PaymeCall = { deps, restaurantId: request.restaurantId, settings, now: deps.now ?? Date.now };
  const outcome = await run(call, params);
  return 'error' in outcome ? failure(id, outcome.error) : success(id, outcome.result);
}

const idOf = (body: string | undefined): RpcId => {
  const parsed = parseRequest(body);
  return 'request' in parsed ? parsed.request.id : parsed.id;
};

/**
 * One call of Payme's Merchant API to a restaurant's endpoint, answered in JSON-RPC whatever happens (the route
 * sends it with HTTP 200): Payme's refusals with their codes, anything unexpected as -32400 (logged, never shown).
 * Every call is then recorded as received with its answer, in a statement of its own after the call's work, so a
 * refused or failed call is kept too; the Authorization header never is.
 */
export async function handlePaymeCall(deps: PaymeDeps, sent: PaymeRequest): Promise<RpcAnswer> {
  const request = { ...sent, restaurantId: sent.restaurantId.toLowerCase() };
  let known = false;
  let rpc: RpcAnswer;
  try {
    const row = isUuid(request.restaurantId) ? await deps.settingsOf(request.restaurantId) : undefined;
    known = row !== undefined;
    rpc = await answer(deps, request, known, storedOrNone(row));
  } catch (error) {
    if (error instanceof PaymeError) rpc = failure(idOf(request.body), error.fault);
    else {
      deps.logFailure(error);
      rpc = failure(idOf(request.body), faults.systemError());
    }
  }
  try {
    await recordPaymentCall(deps.db, {
      restaurant_id: known ? request.restaurantId : null,
      provider: 'payme',
      ...received(request.body),
      answer: rpc,
    });
  } catch (error) {
    // The call's work is done (committed or not) and Payme must hear how it went: the record's failure is logged.
    deps.logFailure(error);
  }
  return rpc;
}
