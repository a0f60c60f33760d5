import { and, asc, between, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { payments, paymentTransactions } from '../db/schema';

/** SQL of Payme's transactions: always read through the restaurant whose endpoint Payme called. */

export type TransactionRecord = typeof paymentTransactions.$inferSelect;

/** Payme's transaction by its id (`params.id`), only if it pays one of this restaurant's payments. */
export async function findPaymeTransaction(
  db: Executor,
  restaurantId: string,
  providerId: string,
): Promise<TransactionRecord | undefined> {
  const [row] = await db
    .select(getTableColumns(paymentTransactions))
    .from(paymentTransactions)
    .innerJoin(payments, eq(payments._id, paymentTransactions.payment_id))
    .where(
      and(
        eq(paymentTransactions.provider, 'payme'),
        eq(paymentTransactions.provider_id, providerId),
        eq(payments.restaurant_id, restaurantId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Locks the payment a Payme transaction pays (this restaurant's only), found by the transaction's id in the same
 * statement; answers the payment row, or undefined when there is no such transaction.
 */
export async function lockPaymeTransactionPayment(db: Executor, restaurantId: string, providerId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.restaurant_id, restaurantId),
        eq(
          payments._id,
          db
            .select({ payment_id: paymentTransactions.payment_id })
            .from(paymentTransactions)
            .where(and(eq(paymentTransactions.provider, 'payme'), eq(paymentTransactions.provider_id, providerId))),
        ),
      ),
    )
    .for('update');
  return row;
}

/** A Payme transaction of this payment still created or performed (state 1 or 2). */
export async function liveTransaction(db: Executor, paymentId: string): Promise<TransactionRecord | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.payment_id, paymentId),
        eq(paymentTransactions.provider, 'payme'),
        inArray(paymentTransactions.state, [1, 2]),
      ),
    )
    .limit(1);
  return row;
}

export interface NewPaymeTransaction {
  payment_id: string;
  provider_id: string;
  provider_time: number;
  amount_tiyin: number;
  create_time: number;
}

/** Records a created transaction (state 1). */
export async function insertPaymeTransaction(tx: Executor, row: NewPaymeTransaction): Promise<TransactionRecord> {
  const [created] = await tx
    .insert(paymentTransactions)
    .values({ ...row, provider: 'payme', state: 1 })
    .returning();
  return created!;
}

export type TransactionChange = Partial<Pick<TransactionRecord, 'state' | 'reason' | 'perform_time' | 'cancel_time'>>;

/** Moves a transaction on (performed, cancelled); answers the row as it is now. */
export async function updatePaymeTransaction(
  tx: Executor,
  id: number,
  change: TransactionChange,
): Promise<TransactionRecord> {
  const [row] = await tx.update(paymentTransactions).set(change).where(eq(paymentTransactions.id, id)).returning();
  return row!;
}

/** GetStatement: this restaurant's Payme transactions whose Payme `time` is within [from, to], oldest first. */
export async function paymeStatement(
  db: Executor,
  restaurantId: string,
  from: number,
  to: number,
): Promise<TransactionRecord[]> {
  return db
    .select(getTableColumns(paymentTransactions))
    .from(paymentTransactions)
    .innerJoin(payments, eq(payments._id, paymentTransactions.payment_id))
    .where(
      and(
        eq(paymentTransactions.provider, 'payme'),
        between(paymentTransactions.provider_time, from, to),
        eq(payments.restaurant_id, restaurantId),
      ),
    )
    .orderBy(asc(paymentTransactions.provider_time), asc(paymentTransactions.id));
}
