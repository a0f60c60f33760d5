import type { StaffOrder } from '../../client/orders';
import { uzPayments } from '../../lib/uz-payments';

/**
 * An order's payment as the staff's orders screen shows it beside the kitchen's status, and the table bill a manager
 * marks paid in cash ("Naqd to'landi"), counted as the server counts it (server/repositories/payments.ts billOrders):
 * the table's orders not cancelled and not yet paid, each with its service charge.
 */

/** How the payment state reads, and how loud: an unpaid order is quiet, a paid one green. */
export interface PaymentShown {
  text: string;
  tone: 'quiet' | 'pending' | 'paid' | 'refunded';
}

export function paymentShown(order: StaffOrder): PaymentShown | null {
  const payment = order.payment ?? null;
  const provider = payment?.provider ?? null;
  const amount = payment?.amount ?? null;
  switch (order.payment_status) {
    case 'unpaid':
      // A cancelled order is not to be paid: saying so would only be noise.
      return order.status === 'cancelled' ? null : { text: uzPayments.paymentUnpaid, tone: 'quiet' };
    case 'pending':
      return { text: uzPayments.paymentLine(uzPayments.paymentPending, provider, null), tone: 'pending' };
    case 'paid':
      return { text: uzPayments.paymentLine(uzPayments.paymentPaid, provider, amount), tone: 'paid' };
    case 'refunded':
      return { text: uzPayments.paymentLine(uzPayments.paymentRefunded, provider, amount), tone: 'refunded' };
    default:
      return null;
  }
}

/** "Naqd to'landi" is offered on an order of a table (still there) that is not cancelled and not yet paid. */
export const canPayInCash = (order: StaffOrder) =>
  order.payment_status === 'unpaid' && order.status !== 'cancelled' && order.table._id !== null;

/** A table's bill as the cash question shows it: which table, how much, of how many orders. */
export interface CashBill {
  tableId: string;
  tableName: string;
  amount: number;
  orders: number;
}

/** The unpaid bill of `table` among the orders on screen: its orders' totals and service charges. */
export function tableBill(orders: readonly StaffOrder[], table: StaffOrder['table']): CashBill | null {
  if (table._id === null) return null;
  const unpaid = orders.filter(
    (order) => order.table._id === table._id && order.status !== 'cancelled' && order.payment_status === 'unpaid',
  );
  if (unpaid.length === 0) return null;
  // In tiyin while adding: a POS's 11500.5 must not leave 0.30000000000000004 behind.
  const tiyin = unpaid.reduce((sum, order) => sum + Math.round((order.total + order.service) * 100), 0);
  return { tableId: table._id, tableName: table.name, amount: tiyin / 100, orders: unpaid.length };
}
