import { randomBytes } from 'node:crypto';
import { callPayme, type PaymeEndpoint, type RpcError } from './payme-api';
import type { PaymeLedger, PaymeSimTransaction } from './payme-ledger';

/**
 * What Payme's checkout does with a cashbox's Merchant API when its payer presses a button: the calls in Payme's
 * order, each answer checked before the next call. Answers the merchant's refusal (or the checkout's own code), if any.
 */

export interface PaymeCheckoutRun {
  endpoint: PaymeEndpoint;
  ledger: PaymeLedger;
  restaurantId: string;
  restaurantName: string;
  account: Record<string, string>;
  /** Tiyin. */
  amount: number;
  returnUrl: string | undefined;
}

/** Payme's reasons of CancelTransaction: 3 an execution error (the payer gave up), 5 a refund. */
export const CANCEL_REASON = { executionError: 3, refund: 5 } as const;

const stateOf = (result: Record<string, unknown>) => (typeof result.state === 'number' ? result.state : undefined);

/** CheckPerformTransaction, then CreateTransaction with a fresh id and `time` now; answers the transaction made. */
async function create(run: PaymeCheckoutRun): Promise<{ transaction: PaymeSimTransaction } | { error: RpcError }> {
  const { endpoint, amount, account } = run;
  const checked = await callPayme(endpoint, 'CheckPerformTransaction', { amount, account });
  if ('error' in checked) return checked;
  const id = randomBytes(12).toString('hex');
  const time = Date.now();
  const created = await callPayme(endpoint, 'CreateTransaction', { id, time, amount, account });
  if ('error' in created) return created;
  const transaction: PaymeSimTransaction = {
    id,
    time,
    restaurantId: run.restaurantId,
    restaurantName: run.restaurantName,
    account,
    amount,
    transaction: String(created.result.transaction ?? ''),
    state: stateOf(created.result) ?? 1,
    reason: null,
    returnUrl: run.returnUrl,
  };
  run.ledger.add(transaction);
  return { transaction };
}

/** "To'lash": Check → Create → Perform. */
export async function payThroughPayme(run: PaymeCheckoutRun): Promise<RpcError | undefined> {
  const made = await create(run);
  if ('error' in made) return made.error;
  const performed = await callPayme(run.endpoint, 'PerformTransaction', { id: made.transaction.id });
  if ('error' in performed) return performed.error;
  made.transaction.state = stateOf(performed.result) ?? 2;
  return undefined;
}

/** "Bekor qilish": Check → Create → CancelTransaction (reason 3), as when the payer leaves the SMS step. */
export async function cancelThroughPayme(run: PaymeCheckoutRun): Promise<RpcError | undefined> {
  const made = await create(run);
  if ('error' in made) return made.error;
  return cancel(run.endpoint, made.transaction, CANCEL_REASON.executionError);
}

/** CancelTransaction of a transaction this simulator made; after perform that is a refund (reason 5). */
export async function cancel(
  endpoint: PaymeEndpoint,
  transaction: PaymeSimTransaction,
  reason: number,
): Promise<RpcError | undefined> {
  const cancelled = await callPayme(endpoint, 'CancelTransaction', { id: transaction.id, reason });
  if ('error' in cancelled) return cancelled.error;
  transaction.state = stateOf(cancelled.result) ?? transaction.state;
  transaction.reason = reason;
  return undefined;
}
