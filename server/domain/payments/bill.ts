import type { OrderRecord } from '../../repositories/orders';
import { sumSom } from './money';

export type PaymentMethod = 'payme' | 'click';

/** What a table's bill sums up to (so'm): its orders' service charges, everything with them, what of it is paid. */
export interface BillSums {
  service: number;
  total: number;
  paid: number;
  unpaid: number;
}

/** An order's part of the bill: its lines and its service charge. */
export const orderAmount = (order: Pick<OrderRecord, 'total' | 'service'>): number =>
  sumSom([order.total, order.service]);

/** Sums a bill's orders (billOrders in repositories/payments.ts): paid is what `paid` orders came to. */
export function billSums(orders: readonly OrderRecord[]): BillSums {
  const total = sumSom(orders.map(orderAmount));
  const paid = sumSom(orders.filter((order) => order.payment_status === 'paid').map(orderAmount));
  return {
    service: sumSom(orders.map((order) => order.service)),
    total,
    paid,
    unpaid: sumSom([total, -paid]),
  };
}

/** Which of a bill's orders a diner's payment covers: the one named (if still unpaid), or every unpaid one. */
export function ordersToPay(orders: readonly OrderRecord[], orderId: string | undefined): OrderRecord[] {
  const unpaid = orders.filter((order) => order.payment_status === 'unpaid');
  return orderId === undefined ? unpaid : unpaid.filter((order) => order._id === orderId);
}
