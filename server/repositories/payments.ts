import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orders, type PaymentState, paymentSettings, payments, restaurants } from '../db/schema';
import type { OrderPaymentView } from '../schemas/table-orders';
import type { OrderRecord } from './orders';

/** SQL of paying from the table: the restaurant's settings, a table's bill, payments and the orders they hold. */

export type PaymentRecord = typeof payments.$inferSelect;
export type PaymentSettingsRecord = typeof paymentSettings.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The restaurant's payment settings, or undefined before its first save (every method off). */
export async function findPaymentSettings(db: Executor, restaurantId: string) {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.restaurant_id, restaurantId)).limit(1);
  return row;
}

export type PaymentSettingsChange = Partial<Omit<PaymentSettingsRecord, 'restaurant_id' | 'createdAt' | 'updatedAt'>>;

/** Writes what `change` names (everything else kept), making the row on the first save; answers the row. */
export async function savePaymentSettings(
  tx: Executor,
  restaurantId: string,
  change: PaymentSettingsChange,
): Promise<PaymentSettingsRecord> {
  const [row] = await tx
    .insert(paymentSettings)
    .values({ restaurant_id: restaurantId, ...change })
    .onConflictDoUpdate({ target: paymentSettings.restaurant_id, set: { ...change, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function setServicePercent(tx: Executor, restaurantId: string, percent: number): Promise<void> {
  await tx
    .update(restaurants)
    .set({ service_percent: percent, updatedAt: sql`now()` })
    .where(eq(restaurants._id, restaurantId));
}

/**
 * A table's bill: its orders since it was last settled, oldest first: every order not cancelled and not yet paid
 * (`unpaid`, or `pending` under a provider's transaction), and those paid by a payment made while one of them was
 * already waiting (paid in part, the table is not settled). A table with nothing unpaid has no bill (nothing
 * answered): the next order starts a new one.
 */
export async function billOrders(db: Executor, restaurantId: string, tableId: string): Promise<OrderRecord[]> {
  const ofTable = and(
    eq(orders.restaurant_id, restaurantId),
    eq(orders.table_id, tableId),
    ne(orders.status, 'cancelled'),
  );
  const oldestUnpaid = sql`(select min(${orders.createdAt}) from ${orders}
    where ${ofTable} and ${orders.payment_status} in ('unpaid', 'pending'))`;
  const paidMeanwhile = sql`${orders.payment_id} in (select ${payments._id} from ${payments}
    where ${payments.table_id} = ${tableId} and ${payments.status} = 'paid' and ${payments.paid_at} >= ${oldestUnpaid})`;
  return db
    .select()
    .from(orders)
    .where(
      and(
        ofTable,
        or(
          inArray(orders.payment_status, ['unpaid', 'pending']),
          and(eq(orders.payment_status, 'paid'), paidMeanwhile),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.number));
}

export interface PaymentKeyScope {
  restaurant_id: string;
  table_id: string;
  device_id: string;
  key: string;
}

/** The payment this Idempotency-Key already made from this table and device, if any. */
export async function findPaymentByKey(db: Executor, scope: PaymentKeyScope) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.restaurant_id, scope.restaurant_id),
        eq(payments.table_id, scope.table_id),
        eq(payments.device_id, scope.device_id),
        eq(payments.idempotency_key, scope.key),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Creates a payment. Its Idempotency-Key is checked before, under the table's lock (createPayment); the unique index
 * stays the last word should that ever be bypassed (the insert then fails rather than make a second payment).
 */
export async function insertPayment(tx: Executor, payment: NewPayment): Promise<PaymentRecord> {
  const [row] = await tx.insert(payments).values(payment).returning();
  return row!;
}

/** A payment by id (a provider names it by id alone), optionally locked to the end of the transaction. */
export async function findPayment(db: Executor, paymentId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(payments).where(eq(payments._id, paymentId)).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** A payment of this restaurant (the diner's page reads it), or undefined. */
export async function findRestaurantPayment(db: Executor, restaurantId: string, paymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments._id, paymentId), eq(payments.restaurant_id, restaurantId)))
    .limit(1);
  return row;
}

/**
 * Moves a payment to `to` only from one of `from` (one statement: of two callers the second finds it moved), stamping
 * when it was paid or cancelled. Answers the row, or undefined when it was not in `from`.
 */
export async function movePayment(
  tx: Executor,
  paymentId: string,
  to: PaymentState,
  from: readonly PaymentState[],
): Promise<PaymentRecord | undefined> {
  const [row] = await tx
    .update(payments)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === 'paid' ? { paid_at: sql`now()` } : {}),
      ...(to === 'cancelled' ? { cancelled_at: sql`now()` } : {}),
    })
    .where(and(eq(payments._id, paymentId), inArray(payments.status, [...from])))
    .returning();
  return row;
}

/** The payment as each of its orders carries it for the staff. */
function orderPayment(payment: PaymentRecord): OrderPaymentView {
  return { provider: payment.provider, amount: payment.amount, tip: payment.tip, paid_at: payment.paid_at };
}

/**
 * Puts a payment's orders under it (`pending`): each must still be unpaid (or already held by this same payment) and
 * not cancelled. All or nothing is the caller's rule: it compares the count answered with the payment's orders and
 * rolls back when one was missing (paid, held by another payment, cancelled).
 */
export async function holdOrders(tx: Executor, payment: PaymentRecord): Promise<OrderRecord[]> {
  return tx
    .update(orders)
    .set({ payment_status: 'pending', payment_id: payment._id, payment: orderPayment(payment), updatedAt: sql`now()` })
    .where(
      and(
        inArray(orders._id, payment.order_ids),
        eq(orders.restaurant_id, payment.restaurant_id),
        ne(orders.status, 'cancelled'),
        or(
          eq(orders.payment_status, 'unpaid'),
          and(eq(orders.payment_status, 'pending'), eq(orders.payment_id, payment._id)),
        ),
      ),
    )
    .returning();
}

/** The orders a payment holds (`pending`) become `paid`; answers them. Cash takes unpaid ones directly (`fromUnpaid`). */
export async function payOrders(tx: Executor, payment: PaymentRecord): Promise<OrderRecord[]> {
  return tx
    .update(orders)
    .set({ payment_status: 'paid', payment_id: payment._id, payment: orderPayment(payment), updatedAt: sql`now()` })
    .where(
      and(
        inArray(orders._id, payment.order_ids),
        eq(orders.restaurant_id, payment.restaurant_id),
        or(
          and(eq(orders.payment_status, 'pending'), eq(orders.payment_id, payment._id)),
          payment.provider === 'cash' ? eq(orders.payment_status, 'unpaid') : undefined,
        ),
      ),
    )
    .returning();
}

/** A payment's held orders go back to `unpaid` (its transaction was cancelled before it was performed). */
export async function releaseOrders(tx: Executor, paymentId: string): Promise<OrderRecord[]> {
  return tx
    .update(orders)
    .set({ payment_status: 'unpaid', payment_id: null, payment: null, updatedAt: sql`now()` })
    .where(and(eq(orders.payment_id, paymentId), eq(orders.payment_status, 'pending')))
    .returning();
}

/** A payment's paid orders become `refunded` (its performed transaction was cancelled by the provider). */
export async function refundOrders(tx: Executor, paymentId: string): Promise<OrderRecord[]> {
  return tx
    .update(orders)
    .set({ payment_status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(orders.payment_id, paymentId), eq(orders.payment_status, 'paid')))
    .returning();
}
