import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { orders, products } from '../db/schema';
import type { OrderRecord } from './orders';
import type { PaymentRecord } from './payments';

/** SQL of what a provider asks about a payment's orders: their lines for the fiscal receipt, their states. */

export type PaymentOrder = Pick<
  OrderRecord,
  '_id' | 'status' | 'payment_status' | 'payment_id' | 'items' | 'total' | 'service'
>;

/** The payment's orders (of its restaurant), in the order they were made. */
export async function paymentOrders(db: Executor, payment: PaymentRecord): Promise<PaymentOrder[]> {
  if (payment.order_ids.length === 0) return [];
  return db
    .select({
      _id: orders._id,
      status: orders.status,
      payment_status: orders.payment_status,
      payment_id: orders.payment_id,
      items: orders.items,
      total: orders.total,
      service: orders.service,
    })
    .from(orders)
    .where(and(inArray(orders._id, payment.order_ids), eq(orders.restaurant_id, payment.restaurant_id)))
    .orderBy(asc(orders.createdAt), asc(orders.number));
}

export interface FiscalCodes {
  ikpu: string | null;
  package_code: string | null;
}

/** The IKPU (MXIK) and package codes of these products as they are now (a deleted product has none). */
export async function productFiscalCodes(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, FiscalCodes>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ _id: products._id, ikpu: products.ikpu, package_code: products.package_code })
    .from(products)
    .where(inArray(products._id, [...new Set(productIds)]));
  return new Map(rows.map((row) => [row._id, { ikpu: row.ikpu, package_code: row.package_code }]));
}
