import type { OrderChange, OrderStatus, StaffCall, StaffOrder } from '../../client/orders';
import type { Restaurant } from '../../client/types';
import { canCancel } from '../../lib/kitchen-lines';

/**
 * The order statuses staff may set, as the server allows them: new → accepted → served, and new or
 * accepted → cancelled. The screen offers exactly these buttons; anything else the server refuses with 409.
 */
const NEXT: Record<OrderStatus, readonly OrderChange[]> = {
  new: ['accepted', 'cancelled'],
  accepted: ['served', 'cancelled'],
  served: [],
  cancelled: [],
};

/** Cancelling stays possible only while no line has started cooking (the server's rule, lib/kitchen-lines.ts). */
export const allowedChanges = (order: Pick<StaffOrder, 'status' | 'items'>): readonly OrderChange[] =>
  canCancel(order.items) ? NEXT[order.status] : NEXT[order.status].filter((change) => change !== 'cancelled');

export const canChange = (orders: readonly StaffOrder[], id: string, status: OrderChange) => {
  const order = orders.find((o) => o._id === id);
  return order !== undefined && allowedChanges(order).includes(status);
};

export const callWaiting = (calls: readonly StaffCall[], id: string) =>
  calls.some((call) => call._id === id && call.status === 'new');

/** The list filters: still to do (new and accepted), only new, and every order read. */
export type OrdersFilter = 'open' | 'new' | 'all';
export const ORDERS_FILTERS: readonly OrdersFilter[] = ['open', 'new', 'all'];

export function inFilter(order: StaffOrder, filter: OrdersFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'new') return order.status === 'new';
  return order.status === 'new' || order.status === 'accepted';
}

/**
 * The screen's order, as GET /manager/orders answers it: the orders still waiting ("new") first, the longest-waiting
 * on top (the table that has waited longest is served first), then every other order newest first. An order accepted
 * on screen moves down among the others at once.
 */
export function waitingFirst(a: StaffOrder, b: StaffOrder): number {
  const aWaits = a.status === 'new';
  if (aWaits !== (b.status === 'new')) return aWaits ? -1 : 1;
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return aWaits ? byTime : -byTime;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

/** Whether a restaurant takes orders from its tables (an answer without the field reads as off). */
export const orderingOn = (restaurant: Restaurant) => restaurant.ordering_enabled === true;
