import { findPaymeTransaction, paymeStatement, type TransactionRecord } from '../../repositories/payme-transactions';
import type { FiscalParams, IdParams, StatementParams } from './payme-params';
import { ACCOUNT_FIELD, faults, PaymeError } from './payme-rpc';
import { checkedAnswer, type MethodOutcome, type PaymeCall, transactionId } from './payme-transaction';

/** The methods that change nothing: CheckTransaction, GetStatement, and SetFiscalData (kept in the calls' record). */

async function knownTransaction(call: PaymeCall, id: string): Promise<TransactionRecord> {
  const transaction = await findPaymeTransaction(call.deps.db, call.restaurantId, id);
  if (!transaction) throw new PaymeError(faults.transactionNotFound());
  return transaction;
}

/** CheckTransaction: the transaction as stored (its times, state and reason); unknown: -31003. */
export async function checkTransaction(call: PaymeCall, params: IdParams): Promise<MethodOutcome> {
  return { result: checkedAnswer(await knownTransaction(call, params.id)) };
}

const statementEntry = (t: TransactionRecord) => ({
  id: t.provider_id,
  time: t.provider_time,
  amount: t.amount_tiyin,
  account: { [ACCOUNT_FIELD]: t.payment_id },
  create_time: t.create_time,
  perform_time: t.perform_time,
  cancel_time: t.cancel_time,
  transaction: transactionId(t),
  state: t.state,
  reason: t.reason,
  receivers: null,
});

/**
 * GetStatement: every transaction created here whose Payme `time` is within [from, to], by that time ascending
 * (only created ones are stored: a refused CreateTransaction left nothing).
 */
export async function getStatement(call: PaymeCall, params: StatementParams): Promise<MethodOutcome> {
  const rows = await paymeStatement(call.deps.db, call.restaurantId, params.from, params.to);
  return { result: { transactions: rows.map(statementEntry) } };
}

/**
 * SetFiscalData: Payme reports the fiscal receipt of a performed (PERFORM) or cancelled (CANCEL) transaction. Its data
 * is the call's own params, kept as every call is (payment_calls), each receipt a call of its own.
 */
export async function setFiscalData(call: PaymeCall, params: FiscalParams): Promise<MethodOutcome> {
  await knownTransaction(call, params.id);
  return { result: { success: true } };
}
