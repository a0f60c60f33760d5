import { and, asc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { paymentTransactions } from '../db/schema';

/**
 * SQL of Click's transactions on our payments (payment_transactions with provider 'click'): `provider_id` is Click's
 * click_trans_id, our `id` the merchant_prepare_id (and merchant_confirm_id) we answer, `paydoc_id` Click's
 * click_paydoc_id. States: 1 prepared, 2 completed, -1 cancelled.
 */

export type ClickTransaction = typeof paymentTransactions.$inferSelect;

export const CLICK_PREPARED = 1;
export const CLICK_COMPLETED = 2;
export const CLICK_CANCELLED = -1;

/** The transaction Click numbered `clickTransId`, if it was prepared here. */
export async function findClickTransaction(db: Executor, clickTransId: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'click'), eq(paymentTransactions.provider_id, clickTransId)))
    .limit(1);
  return row;
}

/** A Click transaction by our id (Complete's merchant_prepare_id). */
export async function findClickTransactionById(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'click'), eq(paymentTransactions.id, id)))
    .limit(1);
  return row;
}

/** The payment's Click transaction still waiting for its Complete, if any. */
export async function findPreparedClickTransaction(db: Executor, paymentId: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, 'click'),
        eq(paymentTransactions.payment_id, paymentId),
        eq(paymentTransactions.state, CLICK_PREPARED),
      ),
    )
    .limit(1);
  return row;
}

/** Records a prepared Click transaction (state 1, created now); answers it with our id. */
export async function insertClickTransaction(
  tx: Executor,
  values: { payment_id: string; click_trans_id: string; paydoc_id: string; amount_tiyin: number },
): Promise<ClickTransaction> {
  const [row] = await tx
    .insert(paymentTransactions)
    .values({
      payment_id: values.payment_id,
      provider: 'click',
      provider_id: values.click_trans_id,
      paydoc_id: values.paydoc_id,
      amount_tiyin: values.amount_tiyin,
      state: CLICK_PREPARED,
      create_time: Date.now(),
    })
    .returning();
  return row!;
}

/** A prepared transaction completed (state 2) or cancelled (-1), stamped now. */
export async function settleClickTransaction(
  tx: Executor,
  id: number,
  state: typeof CLICK_COMPLETED | typeof CLICK_CANCELLED,
): Promise<void> {
  const now = Date.now();
  await tx
    .update(paymentTransactions)
    .set(state === CLICK_COMPLETED ? { state, perform_time: now } : { state, cancel_time: now })
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.state, CLICK_PREPARED)));
}

/** Prepared Click transactions created before `beforeMs` (Unix ms), oldest first, at most `limit`: their payment ids. */
export async function staleClickTransactions(db: Executor, beforeMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ payment_id: paymentTransactions.payment_id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, 'click'),
        eq(paymentTransactions.state, CLICK_PREPARED),
        lt(paymentTransactions.create_time, beforeMs),
      ),
    )
    .orderBy(asc(paymentTransactions.create_time))
    .limit(limit);
  return rows.map((row) => row.payment_id);
}
